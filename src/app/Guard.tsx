import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../domain/constants';
import { useSessionUser } from './session';

/** Route guard: signed-out users go to /login, signed-in users without the role go to /. */
export function Guard({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const user = useSessionUser();
  if (!user) return <Redirect to="/login" replace />;
  if (roles && !roles.includes(user.role)) return <Redirect to="/" replace />;
  return <>{children}</>;
}
