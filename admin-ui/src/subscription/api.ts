/** Moved to providers/ (the admin app's HTTP lives there); this path stays for the screens not yet pointed at it. */
export * from '@/providers/subscription';
