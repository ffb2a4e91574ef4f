// Where the live socket is (spec §7: the host from the site configuration).
import { STREAM_INFO_PATH, type StreamInfo } from '../../protocol/stream.ts';
import { apiGet } from '../client.ts';

export const fetchStreamInfo = () => apiGet<StreamInfo>(STREAM_INFO_PATH);

/** ws(s)://host/path?clientType=web; the scheme follows the page, an empty host means the page's own. */
export function streamUrl(info: StreamInfo, page: { protocol: string; host: string }): string {
  const scheme = page.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${info.host || page.host}${info.path}?clientType=web`;
}
