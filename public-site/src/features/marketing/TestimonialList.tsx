export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** Quotes with their author, as the home page and every use-case page show them. */
export function TestimonialList({ items, className = 'testimonial-grid' }: { items: Testimonial[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((t) => (
        <li key={t.name}>
          <figure className="testimonial">
            <blockquote>“{t.quote}”</blockquote>
            <figcaption>
              <strong>{t.name}</strong>
              <span>{t.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
