/**
 * How long a stopping instance lets requests under way finish before it closes their connections.
 * The deployment's grace period must outlast it (deploy/kubernetes/deployment.yaml, its test).
 */
export const SHUTDOWN_GRACE_MS = 20_000;
