// The playback call (spec 7: POST /api/streaks/playback/fetch { refId }).
import { postJson } from './request.ts';

export type Playback = { refId: string; streamUrl: string; expiresAt: string | null };

export const fetchPlayback = (refId: string) => postJson<Playback>('/api/streaks/playback/fetch', { refId });
