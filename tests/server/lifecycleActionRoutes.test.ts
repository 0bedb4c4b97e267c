import { beforeAll, describe, expect, it } from 'vitest';
import { actionUrl, type ActionEndpoint } from '../../machines/rules/lifecycleActions';
import { SEASON_ACTIONS, SEASON_RESOURCE } from '../../machines/rules/seasonActions';
import { TOURNAMENT_ACTIONS, TOURNAMENT_RESOURCE } from '../../machines/rules/tournamentActions';
import { SERVER } from '../../src/domain/messages';
import { useTestServer, type Agent } from '../support/testServer';
import { newTeam } from './seasons.fixtures';

/** Every row of both lifecycle action tables, with the resource its endpoint hangs off. */
const rows: { table: string; action: string; resource: string; endpoint: ActionEndpoint }[] = [
  ...Object.entries(SEASON_ACTIONS).map(([action, row]) => ({ table: 'season', action, resource: SEASON_RESOURCE, endpoint: row.endpoint })),
  ...Object.entries(TOURNAMENT_ACTIONS).map(([action, row]) => ({ table: 'tournament', action, resource: TOURNAMENT_RESOURCE, endpoint: row.endpoint })),
];

/**
 * The action tables name the endpoint the SPA calls; the server registers its routes from the same rows. Each
 * endpoint is registered, admin only (401 for guests, 403 for players) and reaches its service (404 for an unknown id).
 */
describe('lifecycle action endpoints: every table row is a registered admin route', () => {
  const server = useTestServer({ seed: true });
  const admin = server.signedIn('AdminAce');
  let player: Agent;
  let guest: Agent;

  beforeAll(async () => {
    player = (await newTeam(server)).agent;
    guest = server.agent();
  });

  it.each(rows)('$table $action: $endpoint.method $endpoint.path', async ({ resource, endpoint }) => {
    expect(server.app.hasRoute({ method: endpoint.method, url: `/v1${actionUrl(resource, ':id', endpoint)}` })).toBe(true);
    const url = `/v1${actionUrl(resource, 999999, endpoint)}`;
    expect((await guest.send(endpoint.method, url)).status).toBe(401);
    const asPlayer = await player.send(endpoint.method, url);
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.message).toBe(SERVER.forbidden);
    expect((await admin.send(endpoint.method, url)).status).toBe(404);
  });
});
