/**
 * How many new connections the kernel queues for the server before it accepts them (capped by
 * net.core.somaxconn). A drop opens thousands at once; with Node's default of 511 the rest are
 * dropped and the buyers' machines try again a second later (TCP's SYN retry), a second each of
 * them waits for nothing (bench/drop.ts counted them: the same run took 1.2 s or 2.2 s).
 */
export const LISTEN_BACKLOG = 4096;
