#!/usr/bin/env bash
# Installs the system packages the product uses (Debian/Ubuntu). Idempotent:
# when every tool is already present it returns in well under a second.
set -euo pipefail
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have pdftotext   || need+=(poppler-utils)
have ffmpeg      || need+=(ffmpeg)
have tesseract   || need+=(tesseract-ocr)
[ -f /usr/share/tesseract-ocr/5/tessdata/heb.traineddata ] || need+=(tesseract-ocr-heb)
[ -f /usr/share/tesseract-ocr/5/tessdata/fra.traineddata ] || need+=(tesseract-ocr-fra)
have soffice     || need+=(libreoffice-impress libreoffice-writer)
# A warm LibreOffice for slide renders, driven over UNO (core/foundation/tools/office.ts)
[ -f /usr/lib/python3/dist-packages/uno.py ] || need+=(python3-uno)
have espeak-ng   || need+=(espeak-ng)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
[ -d /usr/share/fonts/truetype/noto ] || need+=(fonts-noto-core)
[ -d /usr/share/fonts/opentype/noto ] || need+=(fonts-noto-cjk)
# OCR for Arabic and the CJK scripts (real Japanese PDFs whose text only OCR reads)
for l in ara jpn chi-sim kor; do
  [ -f "/usr/share/tesseract-ocr/5/tessdata/${l/-/_}.traineddata" ] || need+=("tesseract-ocr-$l")
done
# Offline translation (rule-based) and offline English speech to text
have apertium    || need+=(apertium)
[ -d /usr/share/apertium/apertium-eng-spa ] || need+=(apertium-eng-spa)
[ -d /usr/share/apertium/apertium-es-pt ] || need+=(apertium-es-pt)
[ -d /usr/share/apertium/apertium-spa-ita ] || need+=(apertium-spa-ita)
[ -d /usr/share/apertium/apertium-fr-es ] || need+=(apertium-fr-es)
# The Italian pair's modes run Constraint Grammar (cg-proc), which the package does not pull in.
have cg-proc     || need+=(cg3)
have pocketsphinx_continuous || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us ] || need+=(pocketsphinx-en-us)
# PostgreSQL for the multi-process store and its tests; memory/time limits for tool children
have pg_ctlcluster || need+=(postgresql)
have prlimit     || need+=(util-linux)
have mutool      || need+=(mupdf-tools)
have gs          || need+=(ghostscript)
have sox         || need+=(sox)
# A terminal multiplexer: the CLI's live view is tested on a real pseudo-terminal
have tmux        || need+=(tmux)
# nginx: the reverse-proxy example in deploy/ is checked with `nginx -t`
[ -x /usr/sbin/nginx ] || have nginx || need+=(nginx-light)
if [ "${CMS_SKIP_BROWSER:-}" != "1" ]; then
  have chromium  || need+=(chromium)
fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
cmd="apt-get install -y --no-install-recommends ${need[*]}"
if [ "$(id -u)" != "0" ]; then
  echo "Missing system packages. Run as root:" >&2
  echo "  apt-get update && $cmd" >&2
  exit 1
fi
echo "Installing system packages: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
