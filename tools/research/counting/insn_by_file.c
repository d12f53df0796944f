// SPDX-License-Identifier: LGPL-2.1-or-later
/* qemu TCG plugin: executed guest instructions per mapped file (the executable, each shared library;
 * "[anon]" for code in no file), made for multi-threaded daemons such as ceph-osd under qemu-user.
 *
 *   qemu-ppc64le -plugin ./libinsn_by_file.so,out=PATH ... ./program
 *
 * Counting: one callback per executed translation block adds the block's instruction count with an
 * atomic add (insn_count.c's inline add is a plain load/add/store: it loses counts when guest threads
 * run the same code at once, which every thread of a daemon does).
 * Attribution: qemu-user maps the guest's files into its own address space, so the host address of a
 * block's first instruction is looked up in /proc/self/maps (re-read when a library was mapped since).
 * Snapshots: whenever PATH.req exists, a thread of this plugin writes "<count>\t<file>" lines to PATH
 * (through PATH.tmp and rename) and then removes PATH.req, so a reader creates PATH.req and waits for it
 * to go. At exit the final counts are written to PATH too. */
#define _POSIX_C_SOURCE 200809L /* strdup, nanosleep */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "qemu_plugin_v1.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* A block has at most 512 instructions (TCG_MAX_INSNS): file index and count share one callback word. */
#define COUNT_BITS 16
#define MAX_FILES 2048
#define MAX_RANGES 16384

static const char *file_name[MAX_FILES];
static uint64_t file_count[MAX_FILES];
static unsigned n_files;
static struct range { uintptr_t lo, hi; unsigned file; } ranges[MAX_RANGES];
static unsigned n_ranges;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *out_path, *req_path, *tmp_path;

static unsigned file_index(const char *name) {
  for (unsigned i = 0; i < n_files; i++)
    if (strcmp(file_name[i], name) == 0) return i;
  if (n_files == MAX_FILES) return 0; /* index 0 is "[anon]": counted, just not attributed */
  file_name[n_files] = strdup(name);
  return n_files++;
}

static void read_maps(void) {
  FILE *f = fopen("/proc/self/maps", "r");
  if (!f) return;
  char line[4096];
  n_ranges = 0;
  while (fgets(line, sizeof line, f) && n_ranges < MAX_RANGES) {
    unsigned long lo, hi;
    char perms[8];
    int path_at = 0;
    if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &lo, &hi, perms, &path_at) < 3) continue;
    char *path = line + path_at;
    path[strcspn(path, "\n")] = '\0';
    if (path_at == 0 || path[0] != '/') continue; /* anonymous or [vdso]-like: "[anon]" */
    ranges[n_ranges++] = (struct range){lo, hi, file_index(path)};
  }
  fclose(f);
}

static int find(uintptr_t a) {
  unsigned lo = 0, hi = n_ranges;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (a < ranges[mid].lo) hi = mid;
    else if (a >= ranges[mid].hi) lo = mid + 1;
    else return (int)ranges[mid].file;
  }
  return -1;
}

static void on_exec(unsigned int vcpu, void *udata) {
  (void)vcpu;
  uintptr_t u = (uintptr_t)udata;
  __atomic_fetch_add(&file_count[u >> COUNT_BITS], u & ((1u << COUNT_BITS) - 1), __ATOMIC_RELAXED);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  size_t n = qemu_plugin_tb_n_insns(tb);
  if (n == 0) return;
  uintptr_t host = (uintptr_t)qemu_plugin_insn_haddr(qemu_plugin_tb_get_insn(tb, 0));
  pthread_mutex_lock(&lock);
  int file = find(host);
  if (file < 0) {
    read_maps(); /* a library mapped since the last read */
    file = find(host);
  }
  pthread_mutex_unlock(&lock);
  if (file < 0) file = 0;
  qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, QEMU_PLUGIN_CB_NO_REGS,
                                       (void *)(((uintptr_t)file << COUNT_BITS) | n));
}

static void write_counts(void) {
  FILE *f = fopen(tmp_path, "w");
  if (!f) return;
  pthread_mutex_lock(&lock);
  unsigned n = n_files;
  pthread_mutex_unlock(&lock);
  for (unsigned i = 0; i < n; i++) {
    uint64_t c = __atomic_load_n(&file_count[i], __ATOMIC_RELAXED);
    if (c) fprintf(f, "%llu\t%s\n", (unsigned long long)c, file_name[i]);
  }
  if (fclose(f) == 0) rename(tmp_path, out_path);
}

static void *snapshot_loop(void *arg) {
  (void)arg;
  const struct timespec tick = {0, 20 * 1000 * 1000};
  for (;;) {
    nanosleep(&tick, NULL);
    if (access(req_path, F_OK) == 0) {
      write_counts();
      unlink(req_path);
    }
  }
  return NULL;
}

static void on_exit_(qemu_plugin_id_t id, void *udata) {
  (void)id, (void)udata;
  write_counts();
}

static char *concat(const char *a, const char *b) {
  char *s = malloc(strlen(a) + strlen(b) + 1);
  if (s) strcat(strcpy(s, a), b);
  return s;
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const struct qemu_info_t *info, int argc,
                                                               char **argv) {
  (void)info;
  for (int i = 0; i < argc; i++)
    if (strncmp(argv[i], "out=", 4) == 0) out_path = argv[i] + 4;
  if (!out_path || !*out_path) {
    fprintf(stderr, "insn_by_file: the out=PATH argument is required (where the counts are written)\n");
    return -1;
  }
  req_path = concat(out_path, ".req");
  tmp_path = concat(out_path, ".tmp");
  if (!req_path || !tmp_path) return -1;
  file_index("[anon]");
  read_maps();
  pthread_t t;
  if (pthread_create(&t, NULL, snapshot_loop, NULL) != 0) {
    fprintf(stderr, "insn_by_file: cannot start the snapshot thread\n");
    return -1;
  }
  pthread_detach(t);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
  return 0;
}
