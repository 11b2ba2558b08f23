import type { RouteObject } from 'react-router';
import type { ScreenContext } from '../../../router';

export function editorRoutes(_ctx: ScreenContext): RouteObject[] {
  return [];
}
