import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { sessionQuery } from '../../api/session';
import { TEXTS } from '../../texts';
import { navFor } from './nav';

export function Home() {
  const { data: contributor } = useQuery(sessionQuery());
  const items = navFor(contributor ?? null).filter((item) => item.to !== '/');
  return (
    <>
      <h1>{TEXTS.homeGreeting(contributor?.name || contributor?.email || '')}</h1>
      <p>{TEXTS.homeIntro}</p>
      <ul className="cfg-cards">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="cfg-card">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
