import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { sessionKeys, sessionQuery, signOut } from '../../api/session';
import { ErrorNotice } from '../../components/Status';
import { TEXTS } from '../../texts';
import { navFor } from './nav';

/** The frame of every signed-in screen: skip link, header with sign-out, navigation, main. */
export function Layout() {
  const { data: contributor } = useQuery(sessionQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const navId = useId();

  // A phone's menu closes once a link in it is followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  async function onSignOut() {
    try {
      await signOut();
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.all, null);
      navigate('/sign-in');
    } catch (err) {
      setSignOutError(err);
    }
  }

  if (!contributor) return null;
  return (
    <div className="cfg-app">
      <a className="cfg-skip-link" href="#cfg-main">
        {TEXTS.skipToContent}
      </a>
      <header className="cfg-header">
        <button
          type="button"
          className="cfg-menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="cfg-menu-icon" />
          {TEXTS.openMenu}
        </button>
        <p className="cfg-brand">{TEXTS.areaName}</p>
        <div className="cfg-account">
          <span className="cfg-account-name">
            {TEXTS.signedInAs(contributor.name || contributor.email, contributor.roleName)}
          </span>
          <button type="button" className="cfg-button cfg-button-quiet" onClick={onSignOut}>
            {TEXTS.signOut}
          </button>
        </div>
      </header>
      <ErrorNotice error={signOutError} />
      <div className="cfg-body">
        <nav id={navId} className="cfg-nav" aria-label={TEXTS.mainNavigation} data-open={menuOpen}>
          <ul>
            {navFor(contributor).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="cfg-main" className="cfg-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
