import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MIGRATE_COMMAND } from "../../scripts/portal-build.mjs";
import { SHUTDOWN_GRACE_MS } from "../../server/shutdown";

/**
 * The manifests of deploy/kubernetes/ as a platform team receives them: each valid against
 * Kubernetes' own schema (kubernetes-models, generated from the API's OpenAPI document; no cluster
 * is reachable here for `kubectl apply --dry-run=server`), and consistent with one another and
 * with the portal (container.spec.ts runs the Deployment under `podman kube play`).
 */

const DIR = "deploy/kubernetes";
const MODELS = {
  Deployment,
  Service,
  ConfigMap,
  Secret,
  PodDisruptionBudget,
  HorizontalPodAutoscaler,
  NetworkPolicy,
} as const;

const files = readdirSync(DIR).filter(
  (file) => file.endsWith(".yaml") && file !== "kustomization.yaml",
);
const manifests = Object.fromEntries(
  files.map((file) => {
    const document = parse(readFileSync(join(DIR, file), "utf8"));
    return [document.kind as keyof typeof MODELS, document];
  }),
);
const deployment = manifests.Deployment;
const pod = deployment.spec.template.spec;
const [portal] = pod.containers;

describe("deploy/kubernetes", () => {
  it.each(files)("%s is valid against Kubernetes' schema", (file) => {
    const document = parse(readFileSync(join(DIR, file), "utf8"));
    const Model = MODELS[document.kind as keyof typeof MODELS];
    expect(Model, `a known kind: ${document.kind}`).toBeDefined();
    expect(() => new Model(document).validate()).not.toThrow();
  });

  it("the kustomization lists every manifest", () => {
    const { resources } = parse(readFileSync(join(DIR, "kustomization.yaml"), "utf8"));
    expect([...resources].sort()).toEqual([...files].sort());
  });

  it("the Service, the budget and the autoscaler select the Deployment's pods", () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(manifests.Service.spec.selector).toEqual(labels);
    expect(manifests.PodDisruptionBudget.spec.selector.matchLabels).toEqual(labels);
    expect(manifests.HorizontalPodAutoscaler.spec.scaleTargetRef.name).toBe(
      deployment.metadata.name,
    );
    expect(manifests.HorizontalPodAutoscaler.spec.minReplicas).toBe(deployment.spec.replicas);
    // A drained node never takes the portal below two replicas, and the budget leaves room to.
    expect(manifests.PodDisruptionBudget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
  });

  it("only the ingress reaches the public port and only Prometheus the metrics port", () => {
    const policy = manifests.NetworkPolicy.spec;
    expect(policy.podSelector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(policy.policyTypes).toEqual(["Ingress"]);
    const named = portal.ports.map(({ name }: { name: string }) => name).sort();
    // Each port and the peers that may reach it, whichever rules name them.
    type Peer = {
      namespaceSelector?: { matchLabels?: Record<string, string> };
      podSelector?: unknown;
      ipBlock?: unknown;
    };
    const peersOf = new Map<string, Peer[]>();
    for (const rule of policy.ingress as Array<{
      from?: Peer[];
      ports?: Array<{ port: string }>;
    }>) {
      // A rule without `from` or `ports` lets everyone in, or in at every port.
      expect(rule.from?.length, "a rule names its peers").toBeGreaterThan(0);
      expect(rule.ports?.length, "a rule names its ports").toBeGreaterThan(0);
      for (const { port } of rule.ports!)
        peersOf.set(port, [...(peersOf.get(port) ?? []), ...rule.from!]);
    }
    expect([...peersOf.keys()].sort()).toEqual(named);
    const namespacesOf = (port: string) =>
      peersOf.get(port)!.map((peer) => {
        // A namespace named by its name label, nothing wider: no empty selector (every
        // namespace), no pods or addresses of any namespace.
        expect(Object.keys(peer), `${port}: a namespace selector alone`).toEqual([
          "namespaceSelector",
        ]);
        const labels = peer.namespaceSelector?.matchLabels ?? {};
        expect(Object.keys(labels), `${port}: selected by name`).toEqual([
          "kubernetes.io/metadata.name",
        ]);
        return labels["kubernetes.io/metadata.name"];
      });
    expect(namespacesOf("http")).toEqual(["ingress-nginx"]);
    expect(namespacesOf("metrics")).toEqual(["monitoring"]);
    // The metrics port listens beyond loopback only where the policy guards it.
    expect(manifests.ConfigMap.data.METRICS_HOST).toBe("0.0.0.0");
  });

  it("the probes ask /healthcheck on the port the Service sends to", () => {
    const port = portal.ports[0].name;
    expect(manifests.Service.spec.ports[0].targetPort).toBe(port);
    for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"])
      expect(portal[probe].httpGet, probe).toEqual({ path: "/healthcheck", port });
  });

  it("the grace period outlasts the preStop pause and the portal's drain", () => {
    const pause = Number(portal.lifecycle.preStop.exec.command.at(-1));
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + SHUTDOWN_GRACE_MS / 1000);
  });

  it("runs as the image's non-root user, read-only, without capabilities, with /tmp writable", () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(portal.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(portal.volumeMounts).toContainEqual({ name: "tmp", mountPath: "/tmp" });
    expect(pod.volumes.find(({ name }: { name: string }) => name === "tmp").emptyDir).toBeDefined();
  });

  it("takes its configuration from the ConfigMap, the session secret and the store from the Secret", () => {
    expect(portal.envFrom).toEqual([{ configMapRef: { name: manifests.ConfigMap.metadata.name } }]);
    for (const key of ["SESSION_SECRET", "DATABASE_URL"]) {
      const secret = portal.env.find(({ name }: { name: string }) => name === key);
      expect(secret.valueFrom.secretKeyRef, key).toEqual({
        name: manifests.Secret.metadata.name,
        key,
      });
      expect(Object.keys(manifests.Secret.stringData), key).toContain(key);
    }
    // A URL holds a password: never in the ConfigMap.
    expect(Object.keys(manifests.ConfigMap.data)).not.toContain("DATABASE_URL");
    expect(Object.keys(manifests.ConfigMap.data)).toEqual(
      expect.arrayContaining(["PROVIDER_API_URL", "REDIS_URL"]),
    );
  });

  it("migrates the store before the portal starts: the same image and store, as the same restricted user", () => {
    expect(pod.initContainers).toHaveLength(1);
    const [migrate] = pod.initContainers;
    expect(migrate.image).toBe(portal.image);
    expect(migrate.command).toEqual(["node", MIGRATE_COMMAND]);
    expect(migrate.env).toEqual(
      portal.env.filter(({ name }: { name: string }) => name === "DATABASE_URL"),
    );
    expect(migrate.securityContext).toEqual(portal.securityContext);
  });

  it("requests and limits memory above the measured peaks (docs/quality.md: 312 MB under stress)", () => {
    const mebibytes = (value: string) => Number(value.replace(/Mi$/, ""));
    expect(mebibytes(portal.resources.requests.memory)).toBeGreaterThanOrEqual(164);
    expect(mebibytes(portal.resources.limits.memory)).toBeGreaterThan(312);
  });
});
