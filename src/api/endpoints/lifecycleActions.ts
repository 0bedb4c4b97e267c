import { api } from '../client';

/**
 * One lifecycle action of an admin table (machines/seasonActions.ts, machines/tournamentActions.ts name the method
 * and URL): POST a step, DELETE the resource or a part of it. The answer is not read: the table reloads.
 */
export const sendLifecycleAction = (url: string, method: 'POST' | 'DELETE') => api.send(url, { method });
