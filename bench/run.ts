import { runBracketBench } from './bracket';

// Every benchmark, one after the other (npm run bench). Not part of npm test.
await runBracketBench();
