// The test video (decision 0046): where playback points every title, and the files' content types.

/** Where playback sends every title while the project has no media server (decision 0046). */
export const TEST_STREAM_URL = '/media/test/test-stream.m3u8';

/** HLS types (RFC 8216 section 4; fMP4 segments: the ISO "segment" type, the init segment plain MP4). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
};
