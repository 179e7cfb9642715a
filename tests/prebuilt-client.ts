// Preloaded (`bun --preload`) into the servers the tests start from source (tests/serve.ts): they
// serve the client this test run built once, as the binary serves the one it carries, instead
// of each building it again (~100 ms of CPU a start). The build itself is tested in-process.
import { useBuiltClient } from "../src/ssr/assets";

const dir = process.env.COFRE_TEST_CLIENT_DIR;
if (dir && !useBuiltClient(dir)) throw new Error(`No prebuilt client in ${dir}`);
