import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default: enough alone, not beside the API and end-to-end tests on two
// loaded cores, where PaymentStep.test.tsx's card form took longer to show its Pay button (7 of its tests failed so).
configure({ asyncUtilTimeout: 5_000 });
