import { teamManagementMachine } from './machines/teamManagementMachine';
import { toTestMachine } from './tests/machines/support/testMachine';
const m = toTestMachine(teamManagementMachine);
const scope: any = { self: { send() {} }, logger: console.log, id: '', sessionId: 'x', defer() {}, system: { _bookId() { return 'x'; }, _register() {}, _unregister() {}, get() {}, _set() {} }, stopChild() {}, emit() {}, actionExecutor() {} };
let s: any = m.getInitialSnapshot(scope, { teamId: 1, viewerId: 100, asAdmin: false });
s = m.transition(s, { type: 'xstate.done.actor.loadTeam', output: { team: { captainId: 100, name: 'x', freeSubstitutes: [], logoUrl: null }, rows: [] } } as any, scope);
console.log(s.value, s.can({ type: 'user.invite' }));
const n = m.transition(s, { type: 'user.invite' } as any, scope);
console.log(n === s, n.value);
