/** The blog's articles (newest first). Markdown bodies; general information, not legal advice. */
export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  author: string;
  /** ISO date. */
  publishedOn: string;
  readTimeMinutes: number;
  tag: string;
  body: string;
}

export const blogPosts: readonly BlogPost[] = [
  {
    slug: 'building-a-repeatable-surplus-recovery-pipeline',
    title: 'Building a repeatable surplus recovery pipeline',
    summary:
      'Most locators do not run out of leads; they run out of follow-through. Five stages, a few numbers and a weekly habit turn a pile of sale records into predictable payouts.',
    author: 'The Locus team',
    publishedOn: '2025-05-20',
    readTimeMinutes: 7,
    tag: 'Operations',
    body: `Most surplus funds businesses do not fail for lack of leads. County sale results are public, and a motivated locator can build a list of hundreds of overages in a week. Where businesses stall is follow-through: the letter that never got a second attempt, the signed agreement sitting in someone's inbox, the claim that missed its filing window. A pipeline fixes that by giving every case one place, one owner and one next step.

## Five stages that match the work

You can run a surplus business with many stages, but five cover the real hand-offs:

1. **Research**: the sale is confirmed, the surplus amount is verified with the clerk or treasurer, and you have checked for liens and earlier claims.
2. **Contact**: you have found a current address or phone number for the former owner (or the heirs) and outreach has started.
3. **Documents**: the claimant has agreed in principle and the agreement, claim forms and identity documents are out for signature.
4. **Signed**: everything is signed and the claim has been filed with the court or the county.
5. **Paid**: the funds have been released and your fee has been collected.

Each stage should have a clear exit condition. "Contact" ends when the claimant says yes or no, not when you have sent one letter.

## Give every case a next step and a date

A case without a next action is a case that will be forgotten. Before you leave a record, write down what happens next and when: "Second letter on the 14th", "Call the clerk about the hearing date", "Chase notarized affidavit". In Locus, that is an activity with a due date on the deal; the dashboard then shows what is due today across the whole team.

## Track the deadlines that cost you money

Surplus funds do not wait forever. Depending on the state and the type of sale, unclaimed funds may be transferred to the state's unclaimed property program or kept by the county after a set period, and some courts schedule hearings that a claimant must not miss. Record the sale date and the claim deadline on every deal, sort your pipeline by deadline once a week, and work the oldest cases first.

## Measure four numbers

You do not need a data team. Four numbers, reviewed monthly, tell you where the business leaks:

- **Contact rate**: the share of researched cases where you reached a decision-maker. Low numbers point to skip tracing or outreach problems.
- **Sign rate**: the share of contacted claimants who signed. Low numbers usually mean the first conversation needs work: trust, clarity about the fee, or speed.
- **Days to paid**: the median time from signed to paid, by county. It tells you which jurisdictions are worth the wait.
- **Average fee per paid case**: together with the sign rate, it tells you which surplus amounts are worth researching at all.

## A weekly pipeline review

Thirty minutes a week is enough. Filter to cases with no activity in the last 14 days, cases within 30 days of a deadline, and signed cases with no filing date. Decide on each one: push, park or close. Closing dead cases is as important as pushing live ones; a pipeline full of stale records hides the cases that need you.

## Keep the paper trail with the case

Agreements, claim forms, identity documents, letters and call notes belong on the deal, not in a personal inbox. When a claimant calls back three months later, or a clerk asks for a copy of the assignment, anyone on the team should be able to answer in a minute. That is also what protects you if a claim or a fee is ever questioned.

A pipeline is not a piece of software; it is a habit. The software just makes the habit cheap enough that you keep it.`,
  },
  {
    slug: 'locator-fees-agreements-and-state-rules',
    title: 'Locator fees, agreements and the rules that vary by state',
    summary:
      'How locators charge, what a sound recovery agreement contains, and why you should check the rules of every state you work in before you sign your first claimant.',
    author: 'The Locus team',
    publishedOn: '2025-04-08',
    readTimeMinutes: 8,
    tag: 'Compliance',
    body: `A surplus recovery business earns its money through a contract with the former owner. That contract is also where most of the legal risk sits. This article covers how fees are usually structured, what a solid agreement contains and which rules tend to differ from state to state. It is general information, not legal advice: the rules change, and an attorney in the relevant state should review your documents.

## How locators charge

The common model is a contingency fee: a percentage of the funds actually recovered, paid only if the claim succeeds. Percentages in the market vary widely, and many states set a maximum, sometimes different for mortgage foreclosure and tax sale surplus, and sometimes only for a period after the sale. Some jurisdictions also require court approval of the fee before funds are released.

Flat fees and hourly fees exist but are rarer. Whatever the model, the claimant should be able to work out exactly what they will receive before they sign.

## Say that they can claim on their own

In most places, former owners can claim surplus funds themselves, without paying anyone. Several states require the agreement to say so in plain words, and it is good practice everywhere. Claimants who learn it later feel misled; claimants who hear it from you first tend to trust you more, and many still prefer to have a professional do the work.

## What a sound agreement contains

- The **parties**: the claimant (or every heir), and your business with its address.
- The **property and case**: address, parcel number, court or county, case or sale number and sale date.
- The **amount**: the surplus as reported by the holder, and a statement that the final amount may differ.
- The **fee**: the percentage or amount, what it is calculated on, and when it is paid.
- The **disclosure** that the claimant may file a claim without a locator.
- The **services** you will perform, and who pays filing and attorney costs.
- **Cancellation**: how and until when the claimant can cancel.
- **Signatures**, and notarization or witnesses where the state or court requires them.

## Assignment or representation?

Some locators take an assignment of the claimant's right to the funds; others act under a power of attorney or simply help the claimant file in their own name. Several states restrict or prohibit assignments of surplus, and courts increasingly look closely at them. Know which structure is allowed where you work before you draft your template.

## Licensing and registration

A few states require locators to hold a license (for example as a private investigator) or to register with a state agency before contracting with owners. Some also restrict contact during a period after the sale. Check the current rules for each state, and keep proof of your registration with your templates.

## Electronic signatures

Under the federal ESIGN Act and the Uniform Electronic Transactions Act, adopted by most states, an electronic signature is generally as valid as a handwritten one. That does not settle every case: some courts and clerks still require originals, wet-ink signatures or notarized affidavits for surplus claims. Use e-signature for the agreement where it is accepted, and keep a signed audit trail, but confirm what the court handling the claim will accept.

## Keep one template per state

The practical answer to all of this is a template per state (and sometimes per county) that an attorney has reviewed, filled automatically from the case so that names, case numbers and amounts are never retyped. When the law changes, you update one template, not fifty half-edited copies.`,
  },
  {
    slug: 'finding-and-contacting-claimants',
    title: 'Finding and contacting claimants: a respectful outreach playbook',
    summary:
      'Research the case before you reach out, find the right person, and write like a professional rather than a prize notification. A practical outreach routine that builds trust.',
    author: 'The Locus team',
    publishedOn: '2025-02-25',
    readTimeMinutes: 6,
    tag: 'Outreach',
    body: `A letter that says "you may be owed money" lands in a mailbox next to real scams that say the same thing. The locators who succeed are the ones whose outreach looks and feels like a professional service from the first line. That starts well before the first letter.

## Verify the case first

Before you contact anyone, confirm the facts with the party holding the funds, usually the clerk of court, the county treasurer or the trustee who ran the sale:

- the sale date and the surplus amount,
- whether a claim has already been filed,
- liens, judgments or junior mortgages that may take priority over the owner,
- any hearing dates or claim deadlines.

Nothing damages trust faster than quoting an amount that turns out to be wrong, or chasing funds someone else already claimed.

## Find the right person

Start with public records: the deed and the foreclosure or tax sale file name the owners, and property and court records often show later addresses. When the owner has died, probate records and obituaries point to the estate and the heirs; each heir may need to sign.

Commercial people-search and skip-tracing data can speed this up. Use it within the provider's terms and the privacy laws that apply to it, and treat what it returns as a lead to confirm, not a fact.

## Write like a professional

- Use your business letterhead, your full name, a phone number and a physical address.
- Name the property, the county and the case number so the claimant can check the facts themselves.
- Explain in one paragraph what surplus funds are and why they exist.
- State your fee plainly, and that they can claim the funds themselves.
- Avoid all capitals, countdown language and anything that looks like a prize notice.

## Call and text within the rules

Phone calls often convert best, but the rules are strict. The Telephone Consumer Protection Act restricts automated calls and texts to mobile phones without prior consent, and do-not-call rules apply to many commercial calls. Dial by hand, honour requests to stop, and keep a record. E-mail outreach falls under CAN-SPAM: identify yourself, include your postal address and a way to opt out.

## Follow up, then let go

A short sequence works better than a long one: a letter, a follow-up letter two weeks later, a call where you have a number, and a final letter. Log every attempt on the case so nobody contacts the same person twice in a day, and so you can show how you handled the contact if anyone asks. When a claimant says no, mark it and stop.

## When they call back

The first call is where cases are won. Have the case open in front of you, answer questions about the amount and the process without pressure, and send the agreement while the conversation is fresh. If a claimant wants to check you out first, make that easy: a real website, reviews, your registration where the state requires one. Trust is the product you are selling.`,
  },
  {
    slug: 'what-are-surplus-funds',
    title: 'What surplus funds are, and why so many go unclaimed',
    summary:
      'When a foreclosure or tax sale brings in more than the debt, the difference belongs to the former owner. Here is how surplus funds arise, who holds them, and where locators fit in.',
    author: 'The Locus team',
    publishedOn: '2025-01-14',
    readTimeMinutes: 5,
    tag: 'Basics',
    body: `When a property is sold at a foreclosure auction or a tax sale, the sale price goes first to pay the debt that caused the sale, plus interest, fees and the costs of the sale. If the winning bid is higher than all of that, money is left over. Those leftover proceeds are called **surplus funds**, **overages** or **excess proceeds**, and in most cases they belong to the former owner, after any junior liens are paid.

## Where the money sits

The party that ran the sale holds the surplus until someone with a valid claim asks for it:

- after a **judicial foreclosure**, usually the clerk of the court that handled the case;
- after a **non-judicial (trustee) foreclosure**, the trustee, who may deposit the funds with the court;
- after a **tax sale**, the county treasurer, tax collector or clerk, depending on the state.

Claiming typically means filing a claim or a motion with proof of identity and ownership. Where several people may be entitled, such as co-owners, heirs or lienholders, a court may decide who gets what.

## Why the funds go unclaimed

Surplus funds often sit for months or years. Former owners have usually moved out by the time of the sale, so notices go to an empty property. Some owners assume a foreclosure means they lost everything. Others have died, and their heirs have no idea a claim exists. And many people distrust a letter telling them they are owed money, with good reason.

Unclaimed funds do not wait forever. Depending on the state and the type of sale, they may eventually be transferred to the state's unclaimed property program, or, in some places, kept by the government.

## A changing legal landscape

Tax sale surplus in particular has changed in recent years. In *Tyler v. Hennepin County* (2023), the U.S. Supreme Court held that a county that sold a home to collect unpaid property taxes could not keep the value of the home beyond the tax debt. Several states have since changed how tax sale surplus is handled and returned. Rules keep moving, so check the current law in each state you work in.

## Where locators fit in

Surplus funds locators, sometimes called asset recovery specialists, research sale results, find the former owners or their heirs, explain the claim and help them through it, usually for a percentage of what is recovered. Done well, it is a real service: people receive money they would never have known about, often at a difficult moment in their lives.

Done badly, it is high-pressure selling to people in distress. The difference comes down to verified facts, honest disclosure, fair fees and careful records, which is exactly what a good CRM should make easy.`,
  },
];
