import { config } from "zod/v4/core";

// Runs in the browser before the app's own modules. zod probes `new Function` when it builds an
// object schema; under the pages' CSP (no 'unsafe-eval') the browser reports that probe as a
// violation even though zod catches it. Without the probe zod parses the same, without its JIT path.
config({ jitless: true });
