/*
 * A QEMU TCG plugin that counts the guest instructions a user-mode program executes and, when it
 * exits, writes the total to stderr as "insn_count: N", or alone to the file the argument
 * outfile=PATH names (qemu-aarch64 -plugin ./insn_count.so,outfile=PATH PROGRAM ...), so that
 * the program's own stderr stays its own.
 *
 * With profile=PATH as well (or instead), it also writes one line per translation block that ran:
 * its guest address, its instructions and how many times it ran, in hexadecimal, decimal and
 * decimal ("pc insns count"). Resolved against the program's symbols (aarch64-linux-gnu-nm -n)
 * and disassembled (aarch64-linux-gnu-objdump -d --start-address=...), that is an instruction
 * profile of a kernel: which blocks its instructions go to.
 *
 * Each translation block, when translated, gets a callback on execution that adds its number of
 * instructions to one 64-bit counter. One counter serves every vCPU: the programs measured run
 * on one thread (a threaded one would see racing adds, never a crash). A block left early by a
 * fault still counts whole; the programs measured take no faults.
 *
 * Debian ships no qemu-plugin.h, so the few types and functions used are declared here, as
 * include/qemu/qemu-plugin.h declares them from QEMU 4.2 to 10: this execution callback has kept
 * its signature where the inline counter of QEMU 7 and 8 was replaced by a per-vCPU scoreboard
 * in QEMU 9. What changed is the API version a plugin must declare: QEMU 7 and 8 accept 1 and no
 * more, QEMU 9 and later no less than 2. Compile with -DINSN_COUNT_API=2 for those
 * (scripts/insn-aarch64.sh picks it from `qemu-aarch64 --version`).
 *
 * Build with the host's compiler (the plugin is loaded into the x86-64 qemu process):
 *   cc -shared -fPIC -O2 -o insn_count.so insn_count.c
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef INSN_COUNT_API
#define INSN_COUNT_API 1
#endif

#define EXPORT __attribute__((visibility("default")))

/* --- The plugin API, as include/qemu/qemu-plugin.h declares it. --- */

typedef uint64_t qemu_plugin_id_t;

typedef struct qemu_info_t {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    };
} qemu_info_t;

struct qemu_plugin_tb;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                    void *userdata);

/* The API version this plugin declares; QEMU refuses to load it outside the range it supports. */
EXPORT int qemu_plugin_version = INSN_COUNT_API;

/* --- The plugin. --- */

static uint64_t executed;
/* Where the total goes: stderr when empty. */
static char outfile[4096];
/* Where the per-block profile goes: none when empty. */
static char profile[4096];

/* One translation block of the profile. Blocks past the table's size are counted in the total
 * only, and the profile says how many were left out. */
struct block {
    uint64_t pc;
    uint64_t insns;
    uint64_t runs;
};
#define BLOCKS (1 << 20)
static struct block blocks[BLOCKS];
static size_t used, left_out;

static void tb_exec(unsigned int vcpu_index, void *insns)
{
    (void)vcpu_index;
    executed += (uintptr_t)insns;
}

static void tb_exec_profiled(unsigned int vcpu_index, void *data)
{
    (void)vcpu_index;
    struct block *b = data;
    executed += b->insns;
    b->runs++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t insns = qemu_plugin_tb_n_insns(tb);
    if (profile[0] != '\0' && used < BLOCKS) {
        struct block *b = &blocks[used++];
        b->pc = qemu_plugin_tb_vaddr(tb);
        b->insns = insns;
        b->runs = 0;
        qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec_profiled, QEMU_PLUGIN_CB_NO_REGS, b);
        return;
    }
    left_out += profile[0] != '\0';
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)insns);
}

static void write_profile(void)
{
    FILE *f = fopen(profile, "w");
    if (f == NULL) {
        fprintf(stderr, "insn_count: cannot write %s\n", profile);
        return;
    }
    for (size_t i = 0; i < used; i++) {
        if (blocks[i].runs != 0) {
            fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", blocks[i].pc, blocks[i].insns,
                    blocks[i].runs);
        }
    }
    if (left_out != 0) {
        fprintf(f, "# %zu blocks left out (table full)\n", left_out);
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "insn_count: cannot write %s\n", profile);
    }
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    if (profile[0] != '\0') {
        write_profile();
    }
    if (outfile[0] != '\0') {
        FILE *f = fopen(outfile, "w");
        if (f != NULL) {
            fprintf(f, "%" PRIu64 "\n", executed);
            if (fclose(f) == 0) {
                return;
            }
        }
        /* Said, rather than leave the caller a missing or empty file to misread. */
        fprintf(stderr, "insn_count: cannot write %s\n", outfile);
    }
    /* Straight to stderr: qemu_plugin_outs writes to QEMU's log, shown only under -d plugin. */
    fprintf(stderr, "insn_count: %" PRIu64 "\n", executed);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                               char **argv)
{
    if (info->system_emulation) {
        fprintf(stderr, "insn_count: written for user-mode emulation (qemu-<arch>)\n");
        return -1;
    }
    static const char key[] = "outfile=";
    static const char profile_key[] = "profile=";
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], key, strlen(key)) == 0 && strlen(argv[i]) - strlen(key) < sizeof outfile) {
            strcpy(outfile, argv[i] + strlen(key));
        } else if (strncmp(argv[i], profile_key, strlen(profile_key)) == 0 &&
                   strlen(argv[i]) - strlen(profile_key) < sizeof profile) {
            strcpy(profile, argv[i] + strlen(profile_key));
        } else {
            fprintf(stderr,
                    "insn_count: unknown or too long argument %s (outfile=PATH, profile=PATH)\n",
                    argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
