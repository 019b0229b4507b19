#!/usr/bin/env bash
# Renders the /login screen's looping background video and its poster frame into public/video/ (not /media: that path serves people's uploads).
# Run: npm run media:make   (needs ffmpeg with libx264 and libvpx-vp9; Debian's ffmpeg has both)
#
# The picture is a soft, fairly dark violet/rose/indigo gradient drifting slowly, so white text on
# top stays readable. Every term in the colour equations completes exactly one cycle in
# LOOP_SECONDS, so the last frame flows into the first and the video loops without a seam. It is
# rendered small and scaled up: a gradient this soft loses nothing, and the equations run 16 times
# faster.
set -euo pipefail

cd "$(dirname "$0")/.."
out=public/video
mkdir -p "$out"

FFMPEG=${FFMPEG:-ffmpeg}
LOOP_SECONDS=8
FPS=24
W=1280
H=720

# p = phase of the loop, 0..2*PI over LOOP_SECONDS.
p="(2*PI*T/${LOOP_SECONDS})"
red="clip(112 + 42*sin(2*PI*X/W*0.9 + ${p}) + 26*sin(2*PI*Y/H*0.7 - ${p} + 1.3), 0, 255)"
green="clip(48 + 18*sin(2*PI*(X/W + Y/H)*0.5 - ${p} + 2.1) + 10*sin(2*PI*Y/H*0.8 + ${p}), 0, 255)"
blue="clip(150 + 42*sin(2*PI*Y/H*0.8 + ${p} + 0.6) + 24*sin(2*PI*X/W*0.6 - ${p} + 2.4), 0, 255)"

source="nullsrc=s=320x180:r=${FPS}:d=${LOOP_SECONDS},format=rgb24,geq=r='${red}':g='${green}':b='${blue}',scale=${W}:${H}:flags=bicubic,gblur=sigma=6,format=yuv420p"

"$FFMPEG" -hide_banner -loglevel error -y -f lavfi -i "$source" \
  -c:v libx264 -preset slow -crf 26 -tune animation -g $((FPS * LOOP_SECONDS)) \
  -pix_fmt yuv420p -movflags +faststart -an "$out/login-loop.mp4"

"$FFMPEG" -hide_banner -loglevel error -y -f lavfi -i "$source" \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 2 -g $((FPS * LOOP_SECONDS)) \
  -pix_fmt yuv420p -an "$out/login-loop.webm"

# The poster is the first frame, so the still and the video's start match exactly.
"$FFMPEG" -hide_banner -loglevel error -y -i "$out/login-loop.mp4" -frames:v 1 -q:v 4 "$out/login-poster.jpg"

ls -l "$out"
