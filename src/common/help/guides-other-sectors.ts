/** Help guides for real estate investors, tax deed investors, wholesalers and small businesses. Advice text. */
import type { Guide } from './types';

export const realEstateInvestorGuide: Guide = {
  id: 'tracking-deals-lead-to-closing',
  title: 'Tracking deals from lead to closing',
  category: 'Getting Started',
  description:
    'Use the pipeline to move every property from first lead through analysis, offer and contract to closing, with the numbers, deadlines and documents in one place.',
  readTimeMinutes: 5,
  content: `# Tracking deals from lead to closing

An investor's pipeline leaks in two places: leads nobody follows up, and contract deadlines nobody watches. Locus keeps both in view. Each property you pursue is a **deal**, and it moves through five stages: **Lead, Analysis, Offer, Under Contract, Closed**. Drag a card between columns in the pipeline view to move it.

## Lead

Capture every property as it comes in, whether from a driving-for-dollars list, an agent, a mailer response or a referral.

- Create the seller as a **lead** with the **lead source**, so you learn which channels produce deals.
- When the seller is willing to talk numbers, **convert** the lead: it becomes a client with a deal.

## Analysis

Record the numbers on the deal before you fall in love with the house:

- purchase price, repair estimate, after-repair value (ARV) and expected rent;
- a quick **1% rule** screen: does the monthly rent reach about 1% of the purchase price plus repairs? It is a filter, not a decision;
- **cash-on-cash return**: annual pre-tax cash flow divided by the total cash you put in. Many investors look for 8–12%;
- the cash you need: down payment, closing costs, repairs and reserves.

Write your assumptions in the notes, so you can compare them with reality later.

## Offer

Log each offer and counter-offer as an activity, with the amount and the date. Keep your maximum price in the notes and do not drift past it in the moment.

## Under Contract

This is where deadlines matter. Add activities with due dates for:

- the earnest money deposit;
- the inspection period and the appraisal;
- the financing contingency and loan approval;
- the title commitment and the closing date.

Store the signed purchase agreement, addenda and inspection reports on the deal's documents.

## Closed

Move the card to **Closed**, record the final price and closing costs, and note what you would do differently. Deals that fell through go to lost with a reason. Over time these reasons show where your process leaks.

## Weekly review

Once a week, open the pipeline and ask three questions. Which leads have not been contacted in seven days? Which deals under contract have a deadline in the next ten days? Which stage holds the most cards, and why?
`,
};

export const taxDeedInvestorGuide: Guide = {
  id: 'preparing-for-a-tax-deed-auction',
  title: 'Preparing for a tax deed auction',
  category: 'Getting Started',
  description:
    'From the county auction list to a confident maximum bid: the research, title and property checks to do before auction day, and what to track in Locus afterwards.',
  readTimeMinutes: 6,
  content: `# Preparing for a tax deed auction

Tax deed auctions reward preparation. Most of the risk, such as surviving liens, unusable parcels and title problems, can be found before you bid. Track each parcel as a **deal** through **Research, Due Diligence, Auction, Won, Sold**.

> Tax sale laws differ by state: redemption rights, surviving liens, deposit rules and how surplus is handled all vary, and they change. Check your state's current rules and the county's auction terms, and consult an attorney where needed.

## Research

- Get the county's **auction calendar and parcel list**. Many counties publish them weeks ahead, and many run their auctions online.
- Read the **auction terms**: registration deadline, deposit, payment deadline (often within a day or two), accepted payment methods, and whether the sale is final.
- Create a deal for every parcel that passes a first look, named by parcel ID and address.

## Due Diligence

For each parcel, record the findings in the deal's notes:

- **Title and liens.** A tax deed wipes out many liens, but not all. Depending on the state, federal tax liens, some government and municipal liens, and code-enforcement fines can survive. Order a title search on anything you may bid on seriously.
- **The property itself.** Drive by or look at recent street images. Check the lot's access, shape and size, and look for signs of occupancy or damage. Do not enter the property.
- **Zoning, flood zone and environmental flags** from county GIS and FEMA flood maps.
- **Value.** Use comparable sales, not the assessed value.
- **Redemption.** Can the former owner redeem after the sale, and on what terms?

## Set your maximum bid

Before auction day, write your **maximum bid** on each deal:

- the expected resale value or rental value;
- minus the costs to clear title (often a quiet title action, so that title insurers will insure), back utilities, repairs, holding costs and selling costs;
- minus the profit margin you require.

Decide the number in advance and do not exceed it during the auction.

## Auction

Move the parcels you will bid on to **Auction**. Register and pay the deposit before the deadline. During the sale, record the winning bid on each deal, yours or not. Other bidders' results are useful comparables.

## Won

Pay by the deadline, record the deed, and add activities for insurance, securing the property, any redemption period and the quiet title action. Store the deed and receipts on the deal.

## Sold

Record the sale price and the total costs to measure the real return. If your winning bid exceeded what was owed, the former owner may be entitled to the surplus, and that is a lead for a surplus funds locator, not for you.
`,
};

export const wholesalerGuide: Guide = {
  id: 'running-an-assignment-deal',
  title: 'Running an assignment deal in Locus',
  category: 'Getting Started',
  description:
    'Take a wholesale deal from seller lead to assigned contract: the numbers, the contract terms to get right, finding the end buyer and tracking the assignment fee.',
  readTimeMinutes: 5,
  content: `# Running an assignment deal in Locus

In a wholesale deal you put a property under contract with the seller, then assign that contract to an end buyer for a fee. Locus tracks it as a **deal** moving through **Lead, Offer Made, Under Contract, Buyer Found, Assigned**. Drag the card between columns as it progresses.

> Wholesaling rules differ by state. Some require a real estate licence to market a contract, require written disclosure to sellers and buyers, or restrict assignments. Check current law in each state you work in, ideally with an attorney.

## Lead

Create the seller as a **lead**, with the **lead source** (mail, cold call, text, driving for dollars, referral). When the seller wants an offer, convert the lead into a client with a deal.

## Offer Made

Run the numbers before you call back, and write them in the deal's notes:

- **after-repair value (ARV)** from recent comparable sales;
- a **repair estimate**;
- your **maximum allowable offer**. A common rule of thumb is ARV × 70% − repairs − your fee. Adjust the percentage to your market and your buyers.

Log each offer and counter-offer as an activity with the date and amount.

## Under Contract

- Use a purchase agreement that **allows assignment** (the buyer named as "your company and/or assigns") and reviewed for your state.
- Be open with the seller that you may assign the contract.
- Keep the **earnest money** small and refundable during an inspection period long enough to find a buyer.
- Add activities with due dates for the inspection deadline and the closing date, and store the signed contract on the deal.

## Buyer Found

- Keep your buyers as **clients** or **companies**, tagged by area, price range and property type, so you can send each deal to the right people.
- Send the deal sheet: photos, ARV, repairs, price and access details.
- Collect the buyer's non-refundable deposit when they sign the **assignment agreement**.

## Assigned

Record the **assignment fee** on the deal and move the card to **Assigned** when the title company closes. Fees commonly range from $3,000 to $15,000, depending on the spread and the market. If a large fee would upset the seller or the buyer, a double close (two separate closings) is the usual alternative. Ask your title company.

## Review

Look at lost deals each month. Were they lost at Offer Made (price too low), at Under Contract (inspection) or at Buyer Found (no buyer)? Each answer points to a different fix.
`,
};

export const smallBusinessGuide: Guide = {
  id: 'getting-started-with-your-pipeline',
  title: 'Getting started with your pipeline',
  category: 'Getting Started',
  description:
    'Set up Locus for a small business in an afternoon: bring in contacts, track opportunities through the pipeline, log follow-ups, send documents for signature and invite your team.',
  readTimeMinutes: 4,
  content: `# Getting started with your pipeline

Locus keeps your contacts, opportunities and paperwork in one place, so nothing depends on someone's memory or inbox. Here is a setup you can finish in an afternoon.

## 1. Set up e-mail first

Go to **Settings > Email Configuration**, enter your business address and outgoing server details, and click **Send Test Email**. Add SPF, DKIM and DMARC records to your domain so your messages reach the inbox. The FAQ covers the details.

## 2. Understand the building blocks

- **Leads**: people who might buy but have not yet.
- **Clients**: people you work with.
- **Companies**: the organizations they belong to.
- **Deals**: opportunities with a value and a stage.
- **Activities**: calls, e-mails, meetings and tasks, linked to a lead, client or deal.

## 3. Bring in your contacts

Add your current customers as clients and their businesses as companies. Add open enquiries as leads, with the **lead source** (website, referral, event), so you learn which channels work.

## 4. Work the pipeline

Your pipeline starts with four stages: **Qualification, Proposal, Negotiation, Closed Won**. You can rename or add stages in Settings to match how you sell.

- When a lead is a real opportunity, **convert** it: it becomes a client, and a deal can be created at the same time.
- Give each deal a **value** and an **expected close date**.
- In the pipeline view, **drag cards between columns** as deals move forward.
- Deals that do not happen: mark them lost, with a reason.

## 5. Never miss a follow-up

After every conversation, log an **activity** and set the next one with a due date. Each morning, work through what is due today. Most deals are lost to silence, not to competitors.

## 6. Send documents for signature

Turn your proposal or contract into a **document template** with merge fields for the client name, company and price. Create a document from it for each deal and send it for e-signature. Its status moves from sent to viewed, signed and completed.

## 7. Invite your team

In **Users**, invite teammates and choose their roles and permissions, so everyone sees what they need and nothing more. Assign each lead and deal an owner.

## A weekly habit

Every Monday, review the pipeline. Ask which deals have had no activity for two weeks, which close dates have passed, and where deals stall. Fifteen minutes a week keeps the pipeline honest.
`,
};
