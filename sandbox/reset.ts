import { SandboxStore } from "./store";

// `npm run sandbox:reset`: puts the seed back into the sandbox's data file.
const file = process.env.SANDBOX_DATA ?? ".data/sandbox.json";
new SandboxStore(file).reset();
console.log(`Sandbox data in ${file} restored to the seed.`);
