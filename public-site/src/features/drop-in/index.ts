export { DropInUnavailable } from './DropInUnavailable';
export { useDropIn } from './useDropIn';
