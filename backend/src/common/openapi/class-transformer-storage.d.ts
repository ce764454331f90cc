// class-transformer ships the storage singleton's types apart from its CommonJS file.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
