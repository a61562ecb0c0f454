import "server-only";
import { loadDashboardConfig, type DashboardConfig } from "./dashboard";

let config: DashboardConfig | undefined;

/** The dashboard's settings, read from process.env once per process. */
export function env(): DashboardConfig {
  config ??= loadDashboardConfig();
  return config;
}
