/**
 * The app's links to its own routes: React Router's `Link` and `NavLink` as the router documents
 * for custom links, on its public hooks (`useHref`, `useLinkClickHandler`, `useResolvedPath`).
 *
 * Why not the router's own components: they carry framework-mode features this app never uses
 * (route-module prefetching, view transitions, masks, server components) that React Router cannot
 * leave out of a bundle, about 2.5 kB gzip of the home page's first JavaScript. These two do what
 * we use: `to` (a path, with a #section if wanted), `replace`, `state`, `target`, the usual anchor
 * attributes, and for NavLink `end`, `aria-current="page"` and the `active` class on the current
 * route (compared as NavLink does: case-insensitive, a whole path segment at a time).
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: To;
  /** Replace the current history entry (default: only when the link points where we are). */
  readonly replace?: boolean;
  readonly state?: unknown;
  readonly ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    // The router navigates unless a handler above stopped it, or the browser should (a modifier
    // key, another button, a target other than this window).
    if (!event.defaultPrevented) navigate(event);
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Current only on this exact path, not on the paths below it. */
  readonly end?: boolean;
}

export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const isActive =
    current === target || (!end && target !== '/' && current.startsWith(target) && current.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      to={to}
      className={isActive ? (className ? `${className} active` : 'active') : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
