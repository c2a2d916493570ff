# Sourced by scripts/image-check.sh and scripts/compose-check.sh (decisions 0054, 0055): the base
# images made here when Docker Hub cannot be reached, and the flags containers need on this host.
# The caller sets CHECK (the word its lines start with) before sourcing this, and ENGINE (podman or
# docker) before calling what needs it, and runs from the checkout.
#
#   localhost/local/bookworm  a minimal Debian bookworm (debootstrap --variant=minbase), the base
#                             of deploy/images/ (PostgreSQL, HAProxy)
#   localhost/local/node24    the same, plus the Node 24 binary of the `node` dev dependency
#                             (node_modules/node), npm 11 from the npm registry and the `node`
#                             user (uid 1000), as node:24-bookworm-slim has

say() { echo "$CHECK: $*"; }
fail() {
  say "FAILED: $*"
  exit 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# Exits 2 (skipped, saying why) when the engine does not answer.
engine_answers_or_skip() {
  "$ENGINE" info >/dev/null 2>&1 || {
    say "skipped: $ENGINE does not answer ($ENGINE info fails; no daemon?)"
    exit 2
  }
}

BASE_DIR=${BASE_DIR:-/var/tmp/store-platform-base}
LOCAL_DEBIAN=localhost/local/bookworm
LOCAL_BASE=localhost/local/node24

# The debootstrapped tree, made once and kept in BASE_DIR (minutes).
local_rootfs() {
  [ "$(id -u)" = 0 ] || fail "making a local base needs root (debootstrap)"
  command -v debootstrap >/dev/null || fail "making a local base needs debootstrap (apt-get install debootstrap)"
  local rootfs=$BASE_DIR/rootfs
  if [ ! -x "$rootfs/bin/sh" ]; then
    say "debootstrap bookworm into $rootfs (minutes)"
    rm -rf "$rootfs"
    mkdir -p "$BASE_DIR"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$BASE_DIR/debootstrap.log" 2>&1 ||
      fail "debootstrap failed: see $BASE_DIR/debootstrap.log"
  fi
}

# Imports a tree as an image, without apt's lists and the documentation.
import_tree() { # dir image [--change ...]
  local dir=$1 image=$2
  shift 2
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/*.bin "$dir"/usr/share/doc/* "$dir"/usr/share/man/* "$dir"/usr/share/info/*
  tar -C "$dir" -c . | "$ENGINE" import "$@" --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$image" >/dev/null 2>&1 ||
    fail "$ENGINE import of $image failed"
}

build_local_debian() {
  local_rootfs
  import_tree "$BASE_DIR/rootfs" "$LOCAL_DEBIAN" --change 'CMD ["bash"]'
}

build_local_base() {
  local node_bin=node_modules/node/bin/node
  [ -x "$node_bin" ] || fail "no Node binary at $node_bin (npm ci first)"
  "$node_bin" -e 'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)' || fail "$node_bin is not Node 24"
  local_rootfs
  # A copy of the Debian tree: the tree itself stays the base of localhost/local/bookworm.
  local rootfs=$BASE_DIR/node-rootfs
  rm -rf "$rootfs"
  cp -a "$BASE_DIR/rootfs" "$rootfs"
  cp "$(readlink -f "$node_bin")" "$rootfs/usr/local/bin/node"
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent npm@11 >/dev/null) || fail "npm pack npm@11 failed"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$tmp"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  rm -rf "$tmp"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" sh -c 'id node >/dev/null 2>&1 || { groupadd -g 1000 node && useradd -u 1000 -g node -s /bin/bash -m node; }'
  import_tree "$rootfs" "$LOCAL_BASE" --change 'CMD ["node"]'
  rm -rf "$rootfs"
}

# Sets BASE: NODE_IMAGE when set, else node:24-bookworm-slim when it can be pulled, else the local
# base (made when missing).
choose_node_base() {
  if [ -n "${NODE_IMAGE:-}" ]; then
    BASE=$NODE_IMAGE
  elif "$ENGINE" image inspect node:24-bookworm-slim >/dev/null 2>&1 || timeout 60 "$ENGINE" pull -q node:24-bookworm-slim >/dev/null 2>&1; then
    BASE=node:24-bookworm-slim
  else
    BASE=$LOCAL_BASE
    if ! "$ENGINE" image inspect "$BASE" >/dev/null 2>&1; then
      say "node:24-bookworm-slim cannot be pulled; making $BASE"
      local t
      t=$(now)
      build_local_base
      say "local base made in $(secs "$t" "$(now)") s"
    fi
  fi
}

# Sets RUN_FLAGS: what `run` needs on this host. Some hosts (a VM without CAP_SYS_RESOURCE,
# cgroups v1 and v2 mixed) refuse podman's defaults: crun refuses the mixed cgroups and raising
# the open-files and processes limits fails. Then runc, with the limits the host allows.
choose_run_flags() { # image
  RUN_FLAGS=()
  if [ -n "${RUN_FLAGS_OVERRIDE:-}" ]; then
    read -r -a RUN_FLAGS <<<"$RUN_FLAGS_OVERRIDE"
  elif ! "$ENGINE" run --rm "$1" true >/dev/null 2>&1; then
    RUN_FLAGS=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
    command -v runc >/dev/null && [ "$ENGINE" = podman ] && RUN_FLAGS=(--runtime runc "${RUN_FLAGS[@]}")
    "$ENGINE" run --rm "${RUN_FLAGS[@]}" "$1" true >/dev/null 2>&1 ||
      fail "no container runs here: $("$ENGINE" run --rm "${RUN_FLAGS[@]}" "$1" true 2>&1 | tail -1)"
    say "containers run with: ${RUN_FLAGS[*]}"
  fi
}
