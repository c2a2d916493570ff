#!/usr/bin/env bash
# Makes the test video that playback answers for every title (decision 0046): 4 s of ffmpeg's
# testsrc2 pattern, 320x180 at 24 fps, H.264 Constrained Baseline (avc1.42c01e) without sound, as
# HLS with fMP4 segments (an init segment and two 2-second segments). Run once; the files are kept
# in media/test/ and served by server/features/media. Needs ffmpeg (Debian: apt-get install ffmpeg).
# The encoder runs single-threaded with bit-exact flags, so a second run writes the same bytes.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/media/test"
mkdir -p "$out"
rm -f "$out"/*.m3u8 "$out"/*.mp4 "$out"/*.m4s
ffmpeg -hide_banner -loglevel error \
  -f lavfi -i "testsrc2=size=320x180:rate=24:duration=4" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 32 \
  -g 48 -keyint_min 48 -sc_threshold 0 -threads 1 -an \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact \
  -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_type fmp4 \
  -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$out/seg%d.m4s" \
  "$out/video.m3u8"
# The multivariant playlist names the codec, so a player can tell before loading a segment
# whether it can play it (hls.js asks MediaSource.isTypeSupported).
cat > "$out/test-stream.m3u8" <<'M3U8'
#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=120000,AVERAGE-BANDWIDTH=100000,CODECS="avc1.42c01e",RESOLUTION=320x180,FRAME-RATE=24.000
video.m3u8
M3U8
ls -l "$out"
