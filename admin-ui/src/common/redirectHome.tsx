import { useEffect } from 'react';
import { LoadingScreen } from '@/common/LoadingScreen';

/** Spec 3 §2.1: unknown paths and refused areas go to "/" (served by the public site). */
export function RedirectHome() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return <LoadingScreen message="Redirecting..." />;
}
