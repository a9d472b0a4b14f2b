/**
 * How much of a SQLite file its connections read through a memory map (`PRAGMA mmap_size`): a page
 * is then read in place instead of copied out by a read system call. Each commit of another
 * connection (the worker's audit batches; another replica) makes a connection drop its page cache,
 * and a ticket_get reads its pages again: mapped, that costs no system call (8 connections:
 * ticket_get's CPU a call -5%, throughput +14%). The map covers the file's first 64 MiB (the demo's
 * whole file, a large one's first pages): what it maps counts in the process's RSS as shared file
 * pages, which the kernel takes back under pressure. Writes are not made through it.
 */
export const SQLITE_MMAP_BYTES = 64 * 1024 * 1024;
