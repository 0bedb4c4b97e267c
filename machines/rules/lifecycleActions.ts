/**
 * The shape of a lifecycle's action table (machines/seasonActions.ts, machines/tournamentActions.ts): each action
 * that calls the server, written once with everything the admin screens and the server routes need. Which states
 * allow it is not restated: the lifecycle's rulebook answers `can(action.event(subject))`.
 */
export interface Confirmation {
  title: string;
  text: string;
  /** The confirm button. */
  label: string;
  /** A red confirm button (irreversible). */
  danger: boolean;
}

export interface Notice {
  title: string;
  message: string;
}

/** The call under the resource (`/season/{id}` + `/path`; an empty path is the resource itself). */
export interface ActionEndpoint {
  method: 'POST' | 'DELETE';
  path: string;
}

export interface LifecycleAction<Subject, Event> {
  /** The rulebook event the action stands for, with the facts its guards read from the subject. */
  event: (subject: Subject) => Event;
  /** The OPTIONS menu item. */
  label: string;
  /** The dialog that asks first; null runs the action at once. The one place that decides whether it asks. */
  confirm: Confirmation | null;
  endpoint: ActionEndpoint;
  /** The success notification. */
  notice: (subject: Subject) => Notice;
  /** Red in the menu and listed after Edit (Delete). */
  destructive: boolean;
}

/** The URL of an action for resource `base` (e.g. `/season`) and `id` (a number, or `:id` for a route pattern). */
export const actionUrl = (base: string, id: number | string, { path }: ActionEndpoint) => `${base}/${id}${path ? `/${path}` : ''}`;

/** The table's actions in menu order, split around Edit (destructive ones come after it). */
export function menuActions<A extends string>(table: Record<A, { destructive: boolean }>) {
  const all = Object.keys(table) as A[];
  return { beforeEdit: all.filter((a) => !table[a].destructive), afterEdit: all.filter((a) => table[a].destructive) };
}

type Table = Record<string, { endpoint: ActionEndpoint }>;

/** The actions of a table that are one POST step of the lifecycle (the server registers one route per step). */
export type StepActionOf<T extends Table> = { [A in keyof T & string]: T[A]['endpoint']['method'] extends 'POST' ? A : never }[keyof T & string];

/** The step actions of `table`, in table order. */
export const stepActions = <T extends Table>(table: T) =>
  (Object.keys(table) as (keyof T & string)[]).filter((a): a is StepActionOf<T> => table[a].endpoint.method === 'POST');
