# SPDX-License-Identifier: LGPL-2.1-or-later
# apt_retried CMD...: run CMD (an apt-get, apt-helper or mmdebstrap call, or a function making several)
# again when it fails, up to EC_APT_ATTEMPTS times (default 3), waiting 30 s, then 60 s (doubling).
# Why: a Debian mirror replaces its files one by one while it syncs, so for a few minutes an index can
# disagree with its Release file ("File has unexpected size ... Mirror sync in progress?", "Hash Sum
# mismatch") and a later try succeeds. A real error fails every attempt; the last exit status is returned.
# A CMD that exits APT_NO_RETRY failed in a way no wait mends: returned at once.
APT_NO_RETRY=77
apt_retried() {
  local attempts=${EC_APT_ATTEMPTS:-3} pause=30 i rc
  for ((i = 1; ; i++)); do
    "$@" && return 0
    rc=$?
    [ "$rc" -ne "$APT_NO_RETRY" ] || return "$rc"
    [ "$i" -lt "$attempts" ] || return "$rc"
    printf 'apt: "%s" failed (exit %d, attempt %d of %d); again in %d s, in case a Debian mirror is syncing\n' \
      "$*" "$rc" "$i" "$attempts" "$pause" >&2
    sleep "$pause"
    pause=$((pause * 2))
  done
}
