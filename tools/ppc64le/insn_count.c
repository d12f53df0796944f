// SPDX-License-Identifier: LGPL-2.1-or-later
/* qemu TCG plugin: executed guest instructions per ELF symbol, printed at exit as "<count>\t<symbol>".
 *
 *   qemu-ppc64le -plugin ./libinsn_count.so[,sym=SUBSTR]... -d plugin ./static-binary
 *
 * With sym= arguments only symbols containing one of the substrings are counted (cheaper); without, all.
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
static char **filters;
static int n_filters;

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

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    const char *sym = qemu_plugin_insn_symbol(insn);
    if (!sym) sym = "?";
    int keep = n_filters == 0;
    for (int f = 0; f < n_filters && !keep; f++) keep = strstr(sym, filters[f]) != NULL;
    uint64_t *ctr = keep ? counter_for(sym) : NULL;
    if (ctr) qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, ctr, 1);
  }
}

static void print_counts(qemu_plugin_id_t id, void *udata) {
  (void)id, (void)udata;
  char line[1024];
  for (unsigned s = 0; s < SLOTS; s++)
    if (slot[s].name && slot[s].count) {
      snprintf(line, sizeof line, "%llu\t%s\n", (unsigned long long)slot[s].count, slot[s].name);
      qemu_plugin_outs(line);
    }
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const struct qemu_info_t *info, int argc,
                                                               char **argv) {
  (void)info;
  filters = calloc((size_t)argc + 1, sizeof *filters);
  for (int i = 0; i < argc; i++)
    if (strncmp(argv[i], "sym=", 4) == 0) filters[n_filters++] = argv[i] + 4;
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, print_counts, NULL);
  return 0;
}
