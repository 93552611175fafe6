import { type Operations, OperationTable } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { artifactRoutes } from './artifact-routes.js';
import type { runsParts } from './parts.js';
import { runnerGroupRoutes } from './runner-group-routes.js';
import { runnerRoutes } from './runner-routes.js';
import { runRoutes } from './runs-routes.js';
import { secretRoutes } from './secret-routes.js';
import type { RunsKit } from './state.js';

/** The routes of every resource, by the client operation each serves; `root` the API's index. */
export function runsRoutes(k: RunsKit, p: ReturnType<typeof runsParts>): Operations {
  const t = new OperationTable().op('root', 'GET', '/', (req) => {
    const api = p.env.urls(req).api;
    return json(200, {
      current_user_url: `${api}/user`,
      repository_url: `${api}/repos/{owner}/{repo}`,
      organization_url: `${api}/orgs/{org}`,
    });
  });
  runRoutes(t, p.env, p.downloads);
  artifactRoutes(t, p.env, p.downloads, () => k.state().made);
  secretRoutes(t, p.env, p.keys, p.counts);
  runnerRoutes(t, p.env);
  runnerGroupRoutes(t, p.env);
  return t.operations;
}
