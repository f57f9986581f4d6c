// The shell's federation runtime as one script for the remote-entry check (decision 0080): the shell provides
// `_FEDERATION_RUNTIME_CORE` to the remotes (they are built with `externalRuntime`), so the check's browser-like
// context gets the same package, at the version the workspace's catalog pins for every app.
import * as core from '@module-federation/runtime-core';

(globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE = core;
