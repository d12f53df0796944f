// SPDX-License-Identifier: LGPL-2.1-or-later
/* qemu TCG plugin: executed guest instructions per ELF symbol, printed at exit as "<count>\t<symbol>".
 *
 *   qemu-ppc64le -plugin ./libinsn_count.so[,sym=SUBSTR]...[,start=SYMBOL,stop=SYMBOL] -d plugin ./static-binary
 *
 * With sym= arguments only symbols containing one of the substrings are counted (cheaper); without, all.
 * With start= and stop=, only what runs between the guest's first entries into those two functions is
 * printed: a driver calls them around its steady-state calls, so neither its set-up (and a warm-up call
 * that builds cached plans) nor its checks and teardown afterwards are counted.
 * qemu resolves symbols of the main executable only, so link the code under test statically.
 * The API (v1, Debian 12's qemu 7.2) is declared in qemu_plugin_v1.h. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_plugin_v1.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* Counters never move once handed to qemu (it keeps their addresses), so the table is fixed-size. */
#define SLOTS 8192
static struct { const char *name; uint64_t count; } slot[SLOTS];
static uint64_t at_start[SLOTS], at_stop[SLOTS]; /* the counts when start= and stop= were reached */
static char **filters;
static int n_filters;
static const char *marker[2]; /* start=, stop= */
static int reached[2];

static uint64_t *counter_for(const char *sym) {
  unsigned h = 5381;
  for (const char *c = sym; *c; c++) h = h * 33 + (unsigned char)*c;
  for (unsigned i = 0; i < SLOTS; i++) {
    unsigned s = (h + i) % SLOTS;
    if (!slot[s].name) slot[s].name = strdup(sym);
    if (strcmp(slot[s].name, sym) == 0) return &slot[s].count;
  }
  return NULL; /* table full: not counted, and said so at exit */
}

/* Runs when a block of a marker function begins (one vCPU: the drivers are single-threaded); udata
 * points at the marker's index. */
static void on_marker(unsigned int vcpu, void *udata) {
  (void)vcpu;
  int which = *(const int *)udata;
  if (reached[which] || (which == 1 && !reached[0])) return;
  reached[which] = 1;
  uint64_t *snapshot = which ? at_stop : at_start;
  for (unsigned s = 0; s < SLOTS; s++) snapshot[s] = slot[s].count;
}
static int marker_index[2] = {0, 1};

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    const char *sym = qemu_plugin_insn_symbol(insn);
    if (!sym) sym = "?";
    for (int w = 0; w < 2; w++)
      if (i == 0 && marker[w] && strcmp(sym, marker[w]) == 0)
        qemu_plugin_register_vcpu_tb_exec_cb(tb, on_marker, QEMU_PLUGIN_CB_NO_REGS, &marker_index[w]);
    int keep = n_filters == 0;
    for (int f = 0; f < n_filters && !keep; f++) keep = strstr(sym, filters[f]) != NULL;
    uint64_t *ctr = keep ? counter_for(sym) : NULL;
    if (ctr) qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, ctr, 1);
  }
}

static void print_counts(qemu_plugin_id_t id, void *udata) {
  (void)id, (void)udata;
  char line[1024];
  for (int w = 0; w < 2; w++)
    if (marker[w] && !reached[w]) {
      snprintf(line, sizeof line, "insn_count: %s never ran, nothing counted\n", marker[w]);
      qemu_plugin_outs(line);
      return;
    }
  for (unsigned s = 0; s < SLOTS; s++) {
    uint64_t end = marker[1] ? at_stop[s] : slot[s].count, n = end - at_start[s];
    if (slot[s].name && n) {
      snprintf(line, sizeof line, "%llu\t%s\n", (unsigned long long)n, slot[s].name);
      qemu_plugin_outs(line);
    }
  }
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const struct qemu_info_t *info, int argc,
                                                               char **argv) {
  (void)info;
  filters = calloc((size_t)argc + 1, sizeof *filters);
  for (int i = 0; i < argc; i++)
    if (strncmp(argv[i], "sym=", 4) == 0) filters[n_filters++] = argv[i] + 4;
    else if (strncmp(argv[i], "start=", 6) == 0) marker[0] = argv[i] + 6;
    else if (strncmp(argv[i], "stop=", 5) == 0) marker[1] = argv[i] + 5;
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, print_counts, NULL);
  return 0;
}
