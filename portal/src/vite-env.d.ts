/// <reference types="vite/client" />

/** True in `--mode demo` (and under Vitest): MSW answers the network. */
declare const __DEMO__: boolean;
