import { EMULATOR_DEMO_API_KEY } from "../../lib/emulator/keys";

/** The dashboard under test runs in demo mode (e2e-config.ts), so the key it uses is the emulator's demo key. */
export const CONFIGURED_KEY = EMULATOR_DEMO_API_KEY;
