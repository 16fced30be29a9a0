import type { DeviceType } from '../../machines/startup-access.rules';
import { isMobilePath } from '../routing/route-table';

/** The device a page is drawn for: a mobile address is a phone's; otherwise the screen's width decides. */
export function deviceFor(pathname: string, viewportWidth: number): DeviceType {
  if (isMobilePath(pathname)) return 'Mobile';
  return viewportWidth < 768 ? 'Mobile' : viewportWidth < 1024 ? 'Tablet' : 'Desktop';
}
