// Attaching an HLS stream to a <video> (decision 0046): hls.js wherever the browser has Media Source
// Extensions (Chromium, Firefox, Safari on macOS and iPadOS, iOS 17.1+ through ManagedMediaSource),
// the browser's own HLS elsewhere (older iPhones). hls.js comes first even where the browser also
// plays HLS itself (Chromium 141+, Safari): one code path, whose errors the page can name.

export type StreamFailure = 'unsupported' | 'media';

/** Starts loading `url` into `video`; `onFatal` hears a failure the player cannot recover from. Answers the teardown. */
export async function playStream(video: HTMLVideoElement, url: string, onFatal: (kind: StreamFailure) => void): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  if (Hls.isSupported()) {
    // No worker: the CSP allows no blob: workers, and fMP4 segments need no transmuxing.
    const hls = new Hls({ enableWorker: false });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal('media');
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (video.canPlayType('application/vnd.apple.mpegurl') !== '') {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  onFatal('unsupported');
  return () => {};
}
