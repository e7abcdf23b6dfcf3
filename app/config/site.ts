/**
 * The one place to rebrand the site: company name, contact details, social
 * profiles. Everything else (header, footer, contact page, meta tags) reads it.
 * The addresses and numbers are fictional example data (see the design brief).
 */
export const siteConfig = {
  name: "Corvanta Digital",
  tagline: "Engineering digital products that move businesses forward.",
  description:
    "Corvanta Digital designs, builds and scales digital products for FinTech, retail, life sciences, manufacturing and technology companies.",
  footerBlurb:
    "Corvanta Digital is a digital technology services company. Our engineers, designers and strategists build mobile apps, web platforms, data and AI products for companies that need them to work from day one.",
  email: "hello@corvanta.example",
  phone: { display: "+44 20 7946 0321", href: "tel:+442079460321" },
  offices: [
    {
      city: "London",
      lines: ["4th floor", "18 Charterhouse Street", "London EC1M 6AY", "United Kingdom"],
    },
    {
      city: "Lisbon",
      lines: ["Rua da Prata 120, 3.º andar", "1100-415 Lisboa", "Portugal"],
    },
  ],
  social: {
    linkedin: "https://www.linkedin.com/company/corvanta-digital",
    instagram: "https://www.instagram.com/corvanta.digital",
  },
} as const;
