import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FORBIDDEN } from '../../api/client';
import { TEXTS } from '../../texts';

const NOT_FOUND = 404;

/** What a screen shows when its route refuses it: no permission, no such page, or a failure. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const message =
    status === FORBIDDEN ? TEXTS.forbidden : status === NOT_FOUND ? TEXTS.notFound : TEXTS.somethingWentWrong;
  return (
    <div className="cfg-notice cfg-notice-error" role="alert">
      <h1>{message}</h1>
    </div>
  );
}
