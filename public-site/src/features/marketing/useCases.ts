import type { IconName } from './Icon';

export interface UseCase {
  slug: string;
  seoKey: string;
  icon: IconName;
  cardTitle: string;
  cardText: string;
  eyebrow: string;
  title: string;
  intro: string;
  painPoints: { title: string; text: string }[];
  benefits: { title: string; text: string }[];
  testimonials: { quote: string; name: string; role: string }[];
  pricing: { title: string; text: string; points: string[] };
}

const STANDARD_PRICING = {
  title: 'Start free, upgrade when you are ready',
  text: 'The Free plan covers your first classes. Essential is $49 a month for online payments, advanced reporting and custom branding; card processing is 2.9% + 30¢ per transaction.',
  points: ['No setup fees', 'No credit card required to start', 'Cancel anytime'],
};

const SENIOR_PRICING = {
  title: 'Simple, predictable pricing',
  text: 'Just $49 a month plus 2.9% processing, with a free 30-day trial. No setup fees and no long-term contract.',
  points: ['Free 30-day trial', '$49 a month plus 2.9% processing', 'Pay-in-person option for members who prefer cash or check'],
};

export const USE_CASES: Record<string, UseCase> = {
  'education-training': {
    slug: 'education-training',
    seoKey: 'education-training',
    icon: 'book',
    cardTitle: 'Education & Training',
    cardText: 'Tutoring centers, continuing education and professional training with multi-week courses.',
    eyebrow: 'Education & Training',
    title: 'Fill every course without the spreadsheet juggling',
    intro:
      'From weekend workshops to twelve-week certificate programs, publish your catalog, take registrations and track payments in one place.',
    painPoints: [
      {
        title: 'Registrations scattered everywhere',
        text: 'Email sign-ups, paper forms and spreadsheets that never agree with each other.',
      },
      { title: 'Chasing unpaid tuition', text: 'Hours spent matching payments to students and sending awkward reminders.' },
      { title: 'Last-minute schedule changes', text: 'No reliable way to tell every enrolled student when a room or date changes.' },
    ],
    benefits: [
      { title: 'Course pages that sell', text: 'Each course gets a clean page with schedule, sessions, materials and instructor.' },
      { title: 'Online or in-person payment', text: 'Students pay by card or reserve a seat and pay at the first session.' },
      { title: 'Automatic reminders', text: 'Confirmations and reminders go out by email and SMS without lifting a finger.' },
      { title: 'Attendance per session', text: 'Teachers mark attendance and payments from their phone.' },
    ],
    testimonials: [
      {
        quote: 'We moved 40 courses over in an afternoon. Enrollment questions dropped by half.',
        name: 'Dana Whitfield',
        role: 'Program Director, Bright Path Learning',
      },
      {
        quote: 'Our instructors finally see their rosters and who has paid before class starts.',
        name: 'Marcus Bell',
        role: 'Operations Lead, Skillforge Training',
      },
    ],
    pricing: STANDARD_PRICING,
  },
  'fitness-wellness': {
    slug: 'fitness-wellness',
    seoKey: 'fitness-wellness',
    icon: 'heart',
    cardTitle: 'Fitness & Wellness',
    cardText: 'Yoga studios, dance schools, martial arts and wellness instructors with recurring classes.',
    eyebrow: 'Fitness & Wellness',
    title: 'Spend your time teaching, not managing bookings',
    intro: 'Weekly series, drop-in sessions and workshops with capacity limits that are enforced for you.',
    painPoints: [
      { title: 'Overbooked classes', text: 'Double bookings and no-shows when capacity is tracked by hand.' },
      { title: 'Cash at the door', text: 'Losing track of who paid at the studio and who still owes.' },
      { title: 'Scattered communication', text: 'Group texts and social posts that miss half your students.' },
    ],
    benefits: [
      { title: 'Real capacity limits', text: 'Seats are counted as people register; a full class simply stops taking sign-ups.' },
      { title: 'Pay online or at the studio', text: 'Card payments when you are ready, in-person payments tracked from day one.' },
      { title: 'A calendar students love', text: 'A month view on desktop and a day-by-day list on phones.' },
      { title: 'Your brand, your link', text: 'Share one link or QR code at the front desk and on social media.' },
    ],
    testimonials: [
      {
        quote: 'Our 6 a.m. class used to be chaos. Now everyone is registered before they walk in.',
        name: 'Priya Raman',
        role: 'Owner, Lotus Flow Yoga',
      },
      {
        quote: 'The QR code at our front desk brought in more sign-ups than our flyers ever did.',
        name: 'Tom Alvarez',
        role: 'Head Coach, Iron Oak Martial Arts',
      },
    ],
    pricing: STANDARD_PRICING,
  },
  'arts-crafts': {
    slug: 'arts-crafts',
    seoKey: 'arts-crafts',
    icon: 'brush',
    cardTitle: 'Arts & Crafts',
    cardText: 'Pottery, painting, photography and maker workshops with materials lists and small groups.',
    eyebrow: 'Arts & Crafts',
    title: 'Workshops that sell out, materials lists that get read',
    intro: 'Show students exactly what to bring, how many spots are left and when each session meets.',
    painPoints: [
      { title: 'Students show up unprepared', text: 'Materials lists buried in long email threads.' },
      { title: 'Small groups, tight margins', text: 'An empty seat in an eight-person workshop really hurts.' },
      { title: 'Manual waitlists', text: 'Sticky notes and spreadsheets to track who wanted in.' },
    ],
    benefits: [
      { title: 'Numbered materials lists', text: 'Every class page lists what to bring, right next to the Register button.' },
      { title: 'Live seat counts', text: 'Students see how full a class is and register while a spot is open.' },
      { title: 'Early-bird pricing', text: 'Show a discounted price next to the regular one.' },
      { title: 'Session schedules', text: 'Multi-week series list every session date and time.' },
    ],
    testimonials: [
      {
        quote: 'Our wheel-throwing series sells out in days now, and everyone brings the right tools.',
        name: 'Elena Park',
        role: 'Founder, Kiln & Co. Pottery',
      },
      {
        quote: 'It looks like our studio, not like generic booking software. Students notice.',
        name: 'Jamal Reed',
        role: 'Director, Southside Art House',
      },
    ],
    pricing: STANDARD_PRICING,
  },
  'community-programs': {
    slug: 'community-programs',
    seoKey: 'community-programs',
    icon: 'home',
    cardTitle: 'Community Programs',
    cardText: 'Community and senior centers, libraries and parks departments with many programs and volunteers.',
    eyebrow: 'Community & Senior Centers',
    title: 'Friendly registration for every member of your community',
    intro:
      'Large, readable pages, a simple two-step registration and the option to pay in person make it easy for everyone, including seniors.',
    painPoints: [
      { title: 'Phone lines at capacity', text: 'Staff spend mornings taking registrations over the phone.' },
      { title: 'Cash and checks', text: 'Many members prefer paying in person, which is hard to track.' },
      { title: 'Tight budgets', text: 'Enterprise software priced far beyond a community budget.' },
    ],
    benefits: [
      { title: 'Accessible by design', text: 'Large text, clear buttons and full keyboard and screen-reader support.' },
      { title: 'Pay in person', text: 'Members reserve a spot online and pay at the desk; staff mark it paid.' },
      { title: 'Reminders that help', text: 'Email and text reminders the day before, so fewer people miss class.' },
      { title: 'Reports for your board', text: 'Attendance and enrollment numbers ready for grant reports.' },
    ],
    testimonials: [
      {
        quote: 'Our members register from home now, and the ones who prefer the desk still can.',
        name: 'Linda Morales',
        role: 'Coordinator, Riverside Senior Center',
      },
      {
        quote: 'We replaced three tools and a paper binder. The price fits a community budget.',
        name: 'George Tan',
        role: 'Recreation Manager, Oakdale Parks & Rec',
      },
    ],
    pricing: SENIOR_PRICING,
  },
};

/** SEO landing keys served from the same page (spec 1 §2 SEO keys). */
export const SEO_LANDINGS: Record<string, UseCase> = {
  'senior-centers': {
    ...USE_CASES['community-programs'],
    slug: 'senior-centers',
    seoKey: 'senior-centers',
    eyebrow: 'Senior Centers',
    title: 'Class registration your members will find easy',
    intro:
      'Publish activities, let members register online or at the desk, and send friendly reminders. Just $49 a month plus 2.9% processing, with a free 30-day trial.',
  },
  'community-colleges': {
    ...USE_CASES['education-training'],
    slug: 'community-colleges',
    seoKey: 'community-colleges',
    eyebrow: 'Community Colleges',
    title: 'Continuing education registration, without the enterprise price tag',
    intro:
      'Colleges switching from legacy registration systems save 60% and $3,000+ annually, while students get a faster, mobile-friendly sign-up.',
  },
};
