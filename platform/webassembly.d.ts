// Node.js has WebAssembly, but its types (@types/node 20) leave it to the DOM library, which the
// platform does not load: the part of it the platform uses (direct-io.ts's page-aligned memory).
declare namespace WebAssembly {
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }
  class Memory {
    constructor(descriptor: MemoryDescriptor);
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
}
