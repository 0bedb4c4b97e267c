import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, useLocation } from 'wouter';
import type { Role } from '../domain/constants';
import { useSessionActor, useSessionChecking, useSessionUser } from '../ui/session';
import { LoadingState } from '../ui/DataLoader/LoadStates';

/** Route guard: signed-out users go to /login, signed-in users without the role go to /; it waits while the session is checked. */
export function Guard({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const user = useSessionUser();
  const checking = useSessionChecking();
  if (!user && checking) return <LoadingState />;
  if (!user) return <Redirect to="/login" replace />;
  if (roles && !roles.includes(user.role)) return <Redirect to="/" replace />;
  return <>{children}</>;
}

/** A ban can be discovered on any call: the banned page then replaces the screen (signing in again stays possible). */
export function BannedRedirect() {
  const banned = useSelector(useSessionActor(), (s) => s.matches('banned'));
  const [location] = useLocation();
  if (banned && location !== '/auth/banned' && location !== '/login') return <Redirect to="/auth/banned" replace />;
  return null;
}
