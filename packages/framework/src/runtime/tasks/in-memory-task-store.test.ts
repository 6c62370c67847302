import { describeTaskStore } from "./__fixtures__/task-store-contract.js";
import { InMemoryTaskStore } from "./in-memory-task-store.js";

describeTaskStore("InMemoryTaskStore", () => new InMemoryTaskStore());
