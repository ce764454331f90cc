/**
 * The English title, description and robots of each page (spec 1 §2 "SEO page keys"), with no import: the
 * end-to-end tests read it as the pages' expected texts without loading the app's i18n (a Vite virtual module).
 */
export interface SeoEntry {
  title: string;
  description: string;
  noindex?: boolean;
}

export const SEO: Record<string, SeoEntry> = {
  home: {
    title: 'Classlane: class scheduling, registration and payments',
    description:
      'Publish classes, take registrations and payments online or in person, and manage students in one place. Free to start, no setup fees, no credit card required.',
  },
  // The organization class list (/org/{id}). Spec 1 §2 also names /classes, /teacher and /student: no such public
  // pages exist (/teacher is the admin app's, students never sign in), so they have no key and no sitemap entry.
  'org-classes': { title: 'Classes', description: 'Browse upcoming classes, see schedules and prices, and register online.' },
  class: { title: 'Class details', description: 'Schedule, price, instructor, location and registration for this class.' },
  register: { title: 'Register for Class', description: 'Register for a class and reserve your spot.' },
  confirmation: { title: 'Registration Successful', description: 'Your class registration is confirmed.', noindex: true },
  'waitlist-offer': { title: 'Your Seat from the Waitlist', description: 'Register into the seat held for you.', noindex: true },
  'waiver-sign': { title: 'Sign the Updated Waiver', description: 'Read and sign the new version of a waiver.', noindex: true },
  'waitlist-leave': { title: 'Leave the Waitlist', description: 'Leave a class waitlist.', noindex: true },
  'my-registrations': { title: 'My Registrations', description: 'See and manage your class registrations.', noindex: true },
  pricing: {
    title: 'Pricing',
    description: 'Start free. Upgrade to Essential for online payments, advanced reporting and custom branding.',
  },
  'about-us': { title: 'About Us', description: 'Who we are and why we build tools for educators and organizations.' },
  accessibility: {
    title: 'Accessibility statement',
    description: 'How Classlane meets WCAG 2.1 AA, how it is tested, the known exceptions and how to report a problem.',
  },
  help: { title: 'Help', description: 'Answers about plans, billing and your Classlane subscription.' },
  contact: { title: 'Contact Us', description: 'Questions, partnerships or support: get in touch with us.' },
  'terms-of-service': { title: 'Terms of Service', description: 'Terms for students registering for classes.' },
  'privacy-policy': { title: 'Privacy Policy', description: 'How student information is collected, used and protected.' },
  'teacher-terms': {
    title: 'Terms for Organizations and Teachers',
    description: 'Terms for organizations and teachers using the platform.',
  },
  'teacher-privacy': {
    title: 'Privacy Policy for Organizations and Teachers',
    description: 'How organization and teacher data is handled.',
  },
  'senior-centers': {
    title: 'Class Registration for Senior Centers',
    description: 'Simple registration and payments for senior centers: $49 a month plus 2.9% processing, with a free 30-day trial.',
  },
  'community-colleges': {
    title: 'Class Registration for Community Colleges',
    description: 'Continuing-education registration and payments for community colleges, saving $3,000+ annually.',
  },
  'education-training': {
    title: 'For Education & Training',
    description: 'Scheduling and registration for tutors, schools and training centers.',
  },
  'fitness-wellness': {
    title: 'For Fitness & Wellness',
    description: 'Class booking and payments for studios, gyms and wellness instructors.',
  },
  'arts-crafts': { title: 'For Arts & Crafts', description: 'Workshops and courses for art studios, makers and craft schools.' },
  'community-programs': {
    title: 'For Community Programs',
    description: 'Registration for community and senior centers: $49 a month plus 2.9% processing, free 30-day trial.',
  },
  signin: { title: 'Sign In', description: 'Sign in to manage your organization.', noindex: true },
  signup: { title: 'Sign Up', description: 'Create your organization account.', noindex: true },
  'reset-password': { title: 'Reset Password', description: 'Choose a new password for your account.', noindex: true },
};
