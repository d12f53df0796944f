// SPDX-License-Identifier: LGPL-2.1-or-later
// Reference shards for the tests of Ceph's ceph-erasure-code-tool where the release's own tool cannot
// write them: Ceph 20.2.4's `encode` writes the data shards only (its parity buffers are never inserted
// before encoding; fixed upstream after 20.2.4, ceph/ceph pull request 63522). Computed with libjerasure,
// the library the stock jerasure plugin codes with (a test oracle here), or with -c isa with libisal, the
// stock isa plugin's, in the tool's layout:
//
//   jerasure-shards [-c CODES] [-t TECHNIQUE] [-p PACKETSIZE] K M STRIPE_UNIT FILE
//                                                                     writes FILE.0 .. FILE.<K+M-1>
//     CODES       jerasure (default) or isa
//     TECHNIQUE   jerasure's: reed_sol_van (default), reed_sol_r6_op (M must be 2), cauchy_orig,
//                 cauchy_good; w=8. isa's: reed_sol_van (default), cauchy
//     PACKETSIZE  the Cauchy techniques' packetsize (default 2048, jerasure's); STRIPE_UNIT must then be
//                 a multiple of 8 * PACKETSIZE (a whole chunk, as the tool's stripe unit is in the tests)
//
// The object is padded with zeros to whole stripes of K * STRIPE_UNIT bytes; stripe s gives shard i its
// bytes [s*K*SU + i*SU, +SU) for i < K, and the parity of those chunks for i >= K. Each code works on
// independent blocks (a byte for the matrix codes, 8 packets for the Cauchy bit-matrix codes) that never
// straddle a chunk, so encoding each whole shard at once gives the same bytes as stripe by stripe.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isa-l/erasure_code.h>
#include <isa-l/raid.h>
#include <jerasure.h>
#include <jerasure/cauchy.h>
#include <jerasure/reed_sol.h>

static long parse_positive(const char *name, const char *text, long max) {
  char *end = NULL;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < 1 || v > max) {
    fprintf(stderr, "jerasure-shards: %s must be an integer in 1..%ld, not '%s'\n", name, max, text);
    exit(2);
  }
  return v;
}

static void usage(void) {
  fprintf(stderr, "usage: jerasure-shards [-c jerasure|isa] [-t reed_sol_van|reed_sol_r6_op|cauchy_orig|cauchy_good|cauchy] "
                  "[-p PACKETSIZE] K M STRIPE_UNIT FILE (writes FILE.0 .. FILE.<K+M-1>)\n");
  exit(2);
}

// What the stock jerasure plugin computes; 0, or -1 with a message.
static int jerasure_encode(const char *technique, int cauchy, int k, int m, int packetsize, char **shards, int len) {
  int *matrix = NULL;
  if (strcmp(technique, "reed_sol_van") == 0) matrix = reed_sol_vandermonde_coding_matrix(k, m, 8);
  else if (strcmp(technique, "reed_sol_r6_op") == 0) matrix = reed_sol_r6_coding_matrix(k, 8);
  else if (strcmp(technique, "cauchy_orig") == 0) matrix = cauchy_original_coding_matrix(k, m, 8);
  else matrix = cauchy_good_general_coding_matrix(k, m, 8);
  if (matrix == NULL) {
    fprintf(stderr, "jerasure-shards: jerasure has no %s matrix for k=%d m=%d\n", technique, k, m);
    return -1;
  }
  if (cauchy) {
    int *bitmatrix = jerasure_matrix_to_bitmatrix(k, m, 8, matrix);
    int **schedule = bitmatrix == NULL ? NULL : jerasure_smart_bitmatrix_to_schedule(k, m, 8, bitmatrix);
    if (schedule == NULL) {
      fprintf(stderr, "jerasure-shards: no bit-matrix schedule for %s k=%d m=%d\n", technique, k, m);
      return -1;
    }
    jerasure_schedule_encode(k, m, 8, schedule, shards, shards + k, len, packetsize);
  } else {
    jerasure_matrix_encode(k, m, 8, matrix, shards, shards + k, len);
  }
  return 0;
}

// What the stock isa plugin computes: m = 1 is the XOR of the data (both techniques), otherwise ISA-L's
// ec_encode_data with the rows of its generator below the identity.
static int isa_encode(const char *technique, int k, int m, char **shards, int len) {
  if (m == 1) return xor_gen_base(k + 1, len, (void **)shards);
  unsigned char *generator = malloc((size_t)(k + m) * k), *tables = malloc((size_t)32 * k * m);
  if (generator == NULL || tables == NULL) {
    fprintf(stderr, "jerasure-shards: out of memory\n");
    return -1;
  }
  if (strcmp(technique, "cauchy") == 0) gf_gen_cauchy1_matrix(generator, k + m, k);
  else gf_gen_rs_matrix(generator, k + m, k);
  ec_init_tables(k, m, generator + k * k, tables);
  ec_encode_data(len, k, m, tables, (unsigned char **)shards, (unsigned char **)shards + k);
  free(generator);
  free(tables);
  return 0;
}

int main(int argc, char **argv) {
  const char *technique = "reed_sol_van";
  long packetsize = 2048;
  int isa = 0;
  int a = 1;
  while (a + 1 < argc && argv[a][0] == '-') {
    if (strcmp(argv[a], "-c") == 0) {
      if (strcmp(argv[a + 1], "isa") == 0) isa = 1;
      else if (strcmp(argv[a + 1], "jerasure") != 0) usage();
    } else if (strcmp(argv[a], "-t") == 0) {
      technique = argv[a + 1];
    } else if (strcmp(argv[a], "-p") == 0) {
      packetsize = parse_positive("PACKETSIZE", argv[a + 1], 1L << 20);
    } else {
      usage();
    }
    a += 2;
  }
  if (argc - a != 4) usage();
  argv += a - 1;
  const int cauchy = !isa && (strcmp(technique, "cauchy_orig") == 0 || strcmp(technique, "cauchy_good") == 0);
  if (isa && strcmp(technique, "reed_sol_van") != 0 && strcmp(technique, "cauchy") != 0) {
    fprintf(stderr, "jerasure-shards: isa's technique '%s' unknown (accepted: reed_sol_van, cauchy)\n", technique);
    return 2;
  }
  if (!isa && !cauchy && strcmp(technique, "reed_sol_van") != 0 && strcmp(technique, "reed_sol_r6_op") != 0) {
    fprintf(stderr, "jerasure-shards: technique '%s' unknown (accepted: reed_sol_van, reed_sol_r6_op, cauchy_orig, cauchy_good)\n",
            technique);
    return 2;
  }
  const int k = (int)parse_positive("K", argv[1], 32);
  const int m = (int)parse_positive("M", argv[2], 32);
  // A multiple of sizeof(long): jerasure's requirement on the region size.
  const long su = parse_positive("STRIPE_UNIT", argv[3], 1L << 24);
  if (su % (long)sizeof(long) != 0 || k + m > 256) {
    fprintf(stderr, "jerasure-shards: STRIPE_UNIT must be a multiple of %zu and K+M at most 256 (w=8)\n", sizeof(long));
    return 2;
  }
  if (strcmp(technique, "reed_sol_r6_op") == 0 && m != 2) {
    fprintf(stderr, "jerasure-shards: reed_sol_r6_op has M=2, not %d\n", m);
    return 2;
  }
  if (cauchy && su % (8 * packetsize) != 0) {
    fprintf(stderr, "jerasure-shards: %s needs STRIPE_UNIT (%ld) a multiple of 8 * PACKETSIZE (%ld)\n",
            technique, su, 8 * packetsize);
    return 2;
  }
  const char *path = argv[4];

  FILE *in = fopen(path, "rb");
  if (in == NULL) {
    fprintf(stderr, "jerasure-shards: cannot open %s: %s\n", path, strerror(errno));
    return 1;
  }
  if (fseek(in, 0, SEEK_END) != 0) {
    fprintf(stderr, "jerasure-shards: cannot seek in %s\n", path);
    return 1;
  }
  const long size = ftell(in);
  rewind(in);
  const long stripe = (long)k * su;
  const long stripes = size == 0 ? 1 : (size + stripe - 1) / stripe;
  const long shard_len = stripes * su;

  unsigned char *object = calloc((size_t)(stripes * stripe), 1);
  char **shards = calloc((size_t)(k + m), sizeof(char *));
  if (object == NULL || shards == NULL) {
    fprintf(stderr, "jerasure-shards: out of memory for %ld bytes\n", stripes * stripe);
    return 1;
  }
  if (size > 0 && fread(object, 1, (size_t)size, in) != (size_t)size) {
    fprintf(stderr, "jerasure-shards: short read of %s\n", path);
    return 1;
  }
  fclose(in);

  for (int i = 0; i < k + m; i++) {
    shards[i] = malloc((size_t)shard_len);
    if (shards[i] == NULL) {
      fprintf(stderr, "jerasure-shards: out of memory\n");
      return 1;
    }
  }
  for (long s = 0; s < stripes; s++) {
    for (int i = 0; i < k; i++) memcpy(shards[i] + s * su, object + s * stripe + i * su, (size_t)su);
  }
  const int r = isa ? isa_encode(technique, k, m, shards, (int)shard_len)
                   : jerasure_encode(technique, cauchy, k, m, (int)packetsize, shards, (int)shard_len);
  if (r != 0) return 1;

  size_t name_len = strlen(path) + 16;
  char *name = malloc(name_len);
  for (int i = 0; i < k + m; i++) {
    snprintf(name, name_len, "%s.%d", path, i);
    FILE *out = fopen(name, "wb");
    if (out == NULL || fwrite(shards[i], 1, (size_t)shard_len, out) != (size_t)shard_len || fclose(out) != 0) {
      fprintf(stderr, "jerasure-shards: cannot write %s\n", name);
      return 1;
    }
  }
  return 0;
}
