import type { Catalog } from '../catalog/types';
import type { VideoVersion } from '../types';

/** The translated versions of a video. Until translation records exist for videos there are none. */
export function videoVersions(_catalog: Catalog, _videoId: number): VideoVersion[] {
  return [];
}
