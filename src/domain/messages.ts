/**
 * Every user-facing message of the spec, word for word (including its typos: "Please enter the an entry fee",
 * "You team is already in this season"). Views and the server import from here so both say the same thing. The
 * tournament form's and the season dialog's messages are declared with their fields and gathered here as
 * `VALIDATION.tournament` and `VALIDATION.season`.
 */
import { SEASON_MESSAGES } from '../api/contract/seasonFields';
import { TOURNAMENT_MESSAGES } from '../api/contract/tournamentFields';

export const ERRORS = {
  genericTitle: 'An error occurred',
  unknown: 'An unknown error occurred, please try again later',
  invalidScores: { title: 'Invalid Scores', message: 'Scores must match' },
  invalidUser: { title: 'Invalid User', message: 'Please select a user to invite!' },
  invalidStaffUser: { title: 'Invalid User', message: 'Please select a valid user' },
  paymentError: { title: 'Payment Error', fallback: 'An unknown error occurred' },
  imageRequired: { title: 'Image Required', message: 'Please select an image to upload to this player card' },
  mapsUndefined: { title: 'Some Maps/Modes undefined', message: 'Please input maps/modes for all rounds' },
  mapsWhileOpen: { title: 'Cannot edit maps: tournament must not be open', message: '' },
  copyFailed: { title: 'Copy failed', message: 'This browser did not let the page copy. The embed code is: ' },
  calendarCopyFailed: { title: 'Copy failed', message: 'This browser did not let the page copy. The calendar link is: ' },
} as const;

export const VALIDATION = {
  score: { required: 'Please enter a valid score', range: 'Score must be between 0 and 3' },
  teamName: 'Please enter a team name',
  newTeamName: 'Please enter a new team name',
  substituteName: 'Please enter a substitute name',
  terms: 'Please agree to the terms and conditions',
  guestPayment: {
    email: 'Please enter an email address',
    amount: 'Please enter an amount to pay',
    reference: 'Please enter the reference given to you by the provider',
  },
  /** The tournament form's messages live with its fields (src/api/contract/tournamentFields.ts). */
  tournament: TOURNAMENT_MESSAGES,
  /** The season dialog's, with the season's fields (src/api/contract/seasonFields.ts). */
  season: SEASON_MESSAGES,
  playerCard: {
    name: 'Please enter a player name',
    rank: 'Please enter a player rank',
    twitterHandle: 'Please enter a player Twitter handle',
  },
  staffSearch: 'Please search for a user',
  required: 'This is required',
} as const;

export const JOIN_SEASON_TOOLTIPS = {
  closed: 'This season is closed',
  login: 'Please login to join a season',
  noTeam: 'You must be in a team to join this season',
  alreadyIn: 'You team is already in this season',
  noMembers: 'You must have at least 1 team member to join a season',
  notCaptain: 'You must be the team captain to join this season',
} as const;

/** Success notifications: title and body (body may be empty). */
/**
 * "Season X" of the spec's notices, for any season name: a name that already says Season ("Season 5: New Year League")
 * is used as it is, so no notice reads "Season Season 5".
 */
export const seasonCalled = (name: string) => (/^season\b/i.test(name.trim()) ? name.trim() : `Season ${name.trim()}`);

export const SUCCESS = {
  tournamentAdded: { title: 'Tournament Added', message: '' },
  tournamentEdited: { title: 'Tournament Edited', message: '' },
  tournamentDeleted: { title: 'Tournament Deleted', message: '' },
  tournamentClosed: { title: 'Tournament Closed', message: '' },
  tournamentOpened: { title: 'Tournament Opened', message: '' },
  tournamentStarted: { title: 'Tournament Started', message: '' },
  tournamentDiscordCleanUp: {
    title: 'Tournament Discord Clean Up',
    message: 'All Discord Roles and Channels have been removed',
  },
  tournamentJoined: { title: 'Tournament Joined', message: '' },
  tournamentUpdated: {
    title: 'Tournament Updated',
    message: 'The defined entries list for this tournament has been updated',
  },
  mapsUpdated: { title: 'Tournament updated', message: 'Maps and modes have been updated' },
  transferApproved: { title: 'Transfer Approved', message: '' },
  transferRejected: { title: 'Transfer Rejected', message: '' },
  approvalPendingJoin: { title: 'Approval Pending', message: 'Team join pending admin approval' },
  approvalPendingRemoval: { title: 'Approval Pending', message: 'User removal pending admin approval' },
  transferCancelled: { title: 'Transfer Cancelled', message: '' },
  userEdited: { title: 'User Edited', message: '' },
  userBanned: { title: 'User Banned', message: '' },
  profileUpdated: { title: 'Profile Updated', message: '' },
  scoreSubmitted: { title: 'Score Submitted', message: 'Score was submitted successfully' },
  bracketReset: { title: 'Bracket Reset', message: 'This bracket has now been fully reset' },
  embedCodeCopied: { title: 'Embed code copied', message: 'Paste it into a web page or a stream overlay’s browser source' },
  calendarLinkCopied: { title: 'Calendar link copied', message: 'Add it in your calendar app as a calendar from a URL (a subscription)' },
  testAnnouncementQueued: { title: 'Test message queued', message: 'It appears in the Discord channel within a few seconds' },
  teamCreated: { title: 'Team Created', message: '' },
  teamJoined: { title: 'Team Joined', message: '' },
  inviteRejected: { title: 'Invite Rejected', message: '' },
  inviteSent: { title: 'Invite Sent', message: 'Player invite sent' },
  userInvited: (name: string) => ({ title: 'User Invited', message: `${name} was invited to your team` }),
  userAdded: { title: 'User Added', message: '' },
  userRemoved: { title: 'User Removed', message: '' },
  teamLeft: (team: string) => ({ title: 'Team Left', message: `You left ${team} successfully.` }),
  userPromoted: { title: 'User Promoted', message: 'This may take a few minutes' },
  inviteRevoked: { title: 'Invite Revoked', message: '' },
  teamNameUpdated: { title: 'Team Name Updated', message: '' },
  teamRemoved: { title: 'Team Removed', message: '' },
  teamDisbanded: { title: 'Team Disbanded', message: '' },
  logoUploaded: { title: 'Logo Uploaded', message: '' },
  logoRemoved: { title: 'Logo Removed', message: 'The logo was removed from this team' },
  paymentReceived: { title: 'Payment Received', message: '' },
  paymentProcessing: {
    title: 'Payment Processing',
    message: 'Payment processing, please check back in a few moments!',
  },
  refundProcessing: { title: 'Refund Processing', message: 'Refund for entry is now processing' },
  entryRemoved: { title: 'Entry Removed', message: 'Entry has been removed from this season or tournament' },
  seasonAdded: { title: 'Season Added', message: '' },
  seasonEdited: { title: 'Season Edited', message: '' },
  seasonDeleted: { title: 'Season Deleted', message: '' },
  doubleElimStarted: (season: string) => ({
    title: 'Double Elim Started',
    message: `${seasonCalled(season)} is now in the playoff stage`,
  }),
  groupStagesReset: (season: string) => ({
    title: 'Group Stages Reset',
    message: `${seasonCalled(season)} has reverted back to CLOSED state`,
  }),
  seasonReverted: (season: string) => ({
    title: 'Season reverted',
    message: `${season} has reverted back to the group stages`,
  }),
  signupsClosed: { title: 'Signups Closed', message: '' },
  signupsReopened: { title: 'Signups Reopened', message: '' },
  groupStagesStarted: { title: 'Group Stages Started', message: '' },
  staffPromoted: (role: string) => ({ title: 'User Promoted', message: `User promoted to ${role}` }),
  staffDemoted: { title: 'User Demoted', message: 'User demoted to ADMIN' },
  staffRemoved: { title: 'User Removed', message: 'User removed from the staff team' },
  teamEdited: { title: 'Team Edited', message: '' },
  imageUpdated: { title: 'Image Updated', message: 'Image was uploaded successfully' },
  /** Not in the spec (CHANGE TEAMS has no wording there): see docs/decisions.md, Matches. */
  matchEntriesChanged: { title: 'Teams Changed', message: 'The entries of this match have been changed' },
} as const;

export const CONFIRM = {
  deleteTournament:
    'Deleting this tournament also removes its Discord chat channels and roles. This cannot be undone.',
  deleteSeason: 'Deleting this season also removes its Discord chat channels and roles. This cannot be undone.',
  resetBracket: 'Resetting the bracket removes every played match and clears all scores. This is irreversible.',
  resetDivisionBracket: (division: string) =>
    `Resetting the ${division} playoff bracket removes every played match and clears all scores: round 1 starts again as seeded. Team and player records and KR already counted stay as they are. This is irreversible.`,
  ban: 'Banning a user is permanent.',
  promoteOwner: 'Owners have all permissions!',
} as const;

/** Server refusals that the SPA may also show. */
export const SERVER = {
  csrf: 'Missing or invalid CSRF token',
  unauthenticated: 'You must be signed in to do this',
  banned: 'Your account has been banned',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  discordNotConfigured: 'Discord is not configured',
} as const;

/** Refusals of tournament (temporary) team calls; the server answers them and the SPA may show them as is. */
export const TEMPORARY_TEAM = {
  notFound: 'Team not found',
  userNotFound: 'User not found',
  notOpen: 'Team changes are only allowed while the tournament is open',
  notBeforeStart: 'Team changes are only allowed before the tournament starts',
  locked: 'This team is locked because all of its members have left',
  notCaptain: 'Only the team captain can do this',
  notMember: 'You are not a member of this team',
  full: (size: number) => `This team is already full (${size} players)`,
  alreadyMember: (name: string) => `${name} is already a member of this team`,
  inAnotherTeam: (name: string) => `${name} is already in a team in this tournament`,
  youAreInAnotherTeam: 'You are already in a team in this tournament',
  alreadyInvited: (name: string) => `${name} has already been invited to this team`,
  banned: (name: string) => `${name} is banned and cannot join a team`,
  notSignedUp: (name: string) => `${name} has not signed up for this tournament`,
  youAreNotSignedUp: 'You must sign up for this tournament before joining a team',
  noInvite: (name: string) => `${name} has no pending invite to this team`,
  noInviteForYou: 'You have no pending invite from this team',
  notAMember: (name: string) => `${name} is not a member of this team`,
  captainRemovesSelf: 'The captain cannot remove themselves from the team',
  alreadyCaptain: (name: string) => `${name} is already the captain of this team`,
  nothingToUpdate: 'Please enter a new team name',
  substituteTooLong: 'Substitute names can be at most 40 characters',
  duplicateSubstitute: 'Each substitute name must be different',
  tooManySubstitutes: (max: number) => `A team can have at most ${max} free substitutes`,
  noSubstituteSlots: (left: number) =>
    left === 1 ? 'Only 1 free substitute slot is left in this tournament' : `Only ${left} free substitute slots are left in this tournament`,
} as const;

/** Tournament refusals of the server (tournaments core); the admin form may show the date ones before sending. */
export const TOURNAMENT_ERRORS = {
  notFound: 'Tournament not found',
  entryNotFound: 'Entry not found',
  playerNotFound: 'Player not found',
  full: 'This tournament is full',
  signupsClosed: 'Sign ups for this tournament are closed',
  started: 'This tournament has already started',
  alreadyJoined: 'You have already joined this tournament',
  playerAlreadyJoined: 'This player has already joined this tournament',
  onlyYourself: 'You can only sign yourself up for a tournament',
  banned: 'Banned players cannot enter tournaments',
  paymentsUnavailable: 'Payments are not available right now, please try again later',
  notSwitcheroo: 'Pairing is only for SWITCHEROO tournaments',
  teamNameTooLong: 'The team name must be at most 40 characters',
  teamNameTaken: 'A team with this name is already in this tournament',
  entryFeeNegative: 'The entry fee cannot be negative',
  entryFeeTooHigh: 'The entry fee must be at most 10000 euros',
  endBeforeStart: 'The end date must be on or after the start date',
  signUpCloseTooLate: 'Sign ups must close no later than one day after the start date',
  signUpLimitBelowEntries: (entries: number) =>
    `The sign up limit cannot be lower than the number of entries (${entries})`,
  removeEntryStarted: 'Entries cannot be removed once the tournament has started',
  definedEntriesStarted: 'Predefined entries cannot change once the tournament has started',
  discordFailed: 'Discord clean-up failed, please try again later',
  invalidGame: 'Please select a valid game',
} as const;

/** Payment refusals: the provider's message shown under "Payment Error", and the billing calls' 4xx messages. */
export const PAYMENT_ERRORS = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidCardNumber: 'Your card number is invalid.',
  failed: 'Your payment failed.',
  invalidEmail: 'Please enter a valid email address',
  amountRange: 'The amount must be between €0.50 and €10,000.00',
  amountCents: 'The amount cannot have more than 2 decimals',
  referenceTooLong: 'The reference must be at most 120 characters',
  notFound: 'Payment not found',
  cancelled: 'This payment was cancelled',
  localOnly: 'Test card payments are only available when Stripe is not configured',
  stripeOnly: 'Stripe is not configured',
  invalidSignature: 'Invalid webhook signature',
  notRefundable: 'Only a completed payment can be refunded',
  alreadyRefunded: 'This entry has already been refunded',
  freeTournament: 'This tournament has no entry fee, so there is nothing to refund',
  notPaid: 'This entry was not paid for, so there is nothing to refund',
  priceChanged: 'The price changed while you were paying',
  refusedAndRefunded: (reason: string) => `${reason.replace(/[.!]$/, '')}. Your payment has been refunded.`,
} as const;

/** Refusals of the bracket and match calls (reports, admin results, entry changes, reset). */
export const MATCH_ERRORS = {
  notFound: 'Match not found',
  noBracket: 'This tournament has no bracket yet',
  notEnoughEntries: 'A bracket needs at least 2 entries',
  switcherooNotPaired: 'Pair the players into teams before starting this tournament',
  notActive: 'Scores can only be submitted while the tournament is ACTIVE',
  submissionClosed: 'Score submission is closed for this tournament',
  notPlayer: 'Only a player of this match can submit its score',
  alreadyReported: 'Your side has already reported a score',
  decided: 'This match already has a result',
  waiting: 'This match is waiting for its entries',
  bye: 'This match has a bye and is decided automatically',
  notNeeded: 'Grand Final 2 is not needed: the winners bracket champion won the Grand Final',
  draw: 'A match cannot end in a draw',
  resultNotActive: 'Results can only be set while the tournament is ACTIVE or COMPLETED',
  wouldReopenCompleted:
    'This result would reopen a completed tournament; only a result that keeps a champion can be changed now',
  resetCompleted: 'Cannot reset the bracket of a tournament that is COMPLETED',
  entriesNotActive: 'Entries of a match can only be changed while the tournament is ACTIVE or CLOSED',
  entriesDecided: 'The entries of a decided match cannot be changed',
  entriesNotSeeded: (source: number) =>
    `This side is filled by the result of match ${source}; change that result instead`,
  entriesNothing: 'Choose the entries to change',
  entriesOnePerSide: 'Choose one entry per side',
  entriesSame: 'Both sides of a match cannot be the same entry',
  entryNotInTournament: 'That entry is not part of this tournament',
  entryPlaying: (match: number) => `That entry has already played in match ${match}; it cannot be moved`,
} as const;

/** Refusals of the user administration calls (ban); the admin users screen shows them as is. */
/** Refusals of the profile and league-team calls (GET/PATCH /v1/user…, GET /v1/team/{id}, leaving a team). */
export const PROFILE = {
  teamNotFound: 'Team not found',
  /** The profile form's hint under a set Activision ID, and the server's refusal to change it. */
  battleTagLocked: 'to change this, please contact support',
  notMember: 'You are not a member of this team',
  teamLocked: 'This team is locked because all of its members have left',
} as const;

export const USER_ADMIN = {
  notFound: 'User not found',
  banSelf: 'You cannot ban yourself',
  banOwner: 'An owner cannot be banned',
  banStaff: 'Only an owner can ban a member of staff',
  nothingToEdit: 'Please change at least one field',
  ownerOnly: 'Only an owner can promote to owner, demote or remove staff',
  ownRole: 'You cannot change your own role',
  staffRecordOwnerOnly: 'Only an owner can edit the record of a member of staff',
  ownRecord: 'You cannot edit your own record: another member of staff must',
  bannedStaff: 'A banned user cannot join the staff team',
  lastOwner: 'The last owner cannot be demoted or removed from the staff team',
  roleStep: (from: string, to: string) => `A ${from} cannot be made ${to} in one step: promote them to ADMIN first`,
} as const;

/** Refusals of the league team admin edit (PATCH /v1/team/{id}/admin); the Edit Team dialog shows them as is. */
export const LEAGUE_TEAM = {
  notFound: 'Team not found',
  nameTaken: 'A team with this name already exists',
  teamName: 'Please enter a team name',
  teamNameTooLong: 'Team names can be at most 40 characters',
  count: (field: string) => `${field} must be a whole number of at least 0`,
  /** The team management calls (issue 13); wording shared with tournament teams where it fits both. */
  locked: TEMPORARY_TEAM.locked,
  notCaptain: TEMPORARY_TEAM.notCaptain,
  notMember: TEMPORARY_TEAM.notMember,
  userNotFound: TEMPORARY_TEAM.userNotFound,
  full: TEMPORARY_TEAM.full,
  banned: TEMPORARY_TEAM.banned,
  alreadyMember: TEMPORARY_TEAM.alreadyMember,
  alreadyInvited: TEMPORARY_TEAM.alreadyInvited,
  noInvite: TEMPORARY_TEAM.noInvite,
  noInviteForYou: TEMPORARY_TEAM.noInviteForYou,
  notAMember: TEMPORARY_TEAM.notAMember,
  captainRemovesSelf: TEMPORARY_TEAM.captainRemovesSelf,
  alreadyCaptain: TEMPORARY_TEAM.alreadyCaptain,
  newTeamName: 'Please enter a new team name',
  youHaveATeam: 'You are already on a team: leave it before creating or joining another',
  onAnotherTeam: (name: string) => `${name} is already on a team`,
  /** Until transfer requests exist, a roster change of a team playing a season is refused. */
} as const;

/** An upload of 5MB or more (the admin Images screen checks before sending; the server answers the same). */
export const IMAGE_TOO_LARGE = 'The image must be under 5MB';

/** Refusals of the SWITCHEROO pairing save (POST /v1/tournament/{id}/switcheroo/teams). */
export const PAIRING = {
  notClosed: 'Players can only be paired into teams while the tournament is closed',
  teamNotFound: 'One of these teams no longer exists, please reload the pairing',
  tooManySlots: (slots: number) => `A team has at most ${slots} slots`,
  duplicateName: (name: string) => `Two teams are named ${name}`,
  seatedTwice: (name: string) => `${name} is seated in more than one slot`,
  notSignedUp: 'Only players who signed up for this tournament can be paired',
  teamName: 'Please enter a team name',
  teamNameTooLong: 'Team names can be at most 40 characters',
} as const;

/** Season refusals (server 4xx; the admin screens show the split ones before sending). */
export const SEASON_ERRORS = {
  notFound: 'Season not found',
  divisionNotFound: 'Division not found',
  splitsNotWhole: 'Division splits must be whole numbers of teams',
  tooFewTeams: 'A season needs at least 2 teams to be split into divisions',
  divisionTooSmall: 'Each division needs at least 2 teams',
  splitsTotal: (teams: number) => `The division splits must add up to the ${teams} teams in this season`,
  grandFinalsUndecided: (divisions: number) =>
    divisions === 1
      ? 'The grand final of 1 division is still to be decided'
      : `The grand finals of ${divisions} divisions are still to be decided`,
  dueBeforeStart: 'Every due date must be on or after the season start date',
  grandFinalNotLast: 'The grand final must be due last',
} as const;

/** League match refusals (server 4xx; the match page shows them as is). */
export const SEASON_MATCH_ERRORS = {
  notFound: 'Match not found',
  groupNotFound: 'Group not found',
  notCaptain: "Only a captain of this match's teams can submit its score",
  groupNotInPlay: 'Group match scores can only be submitted while the season is in its group stages',
  playoffNotInPlay: 'Playoff match scores can only be submitted while the season is in its playoffs',
  groupResultNotInPlay: 'Group match results can only be set while the season is in its group stages',
  playoffResultNotInPlay: 'Playoff match results can only be set while the season is in its playoffs',
} as const;

/** Refusals of the transfer calls (issue 13): GET/PATCH/POST/DELETE /v1/transfer…, /v1/billing/transfer-request. */
export const TRANSFER_ERRORS = {
  notFound: 'Transfer request not found',
  reasonRequired: 'Please enter a reason for the rejection',
  reasonTooLong: 'The reason can be at most 500 characters',
  refused: (status: string) => `This transfer request is already ${status}`,
  notInTransferMode: 'This team is not playing a season: change its roster directly',
  joinedAnotherTeam: (name: string) => `${name} has joined another team meanwhile`,
  leftTeam: (name: string) => `${name} is no longer on this team`,
  alreadyOnTeam: (name: string) => `${name} is already on this team`,
  notOnTeam: 'This player is not on this team',
  alreadyRequested: 'A transfer for this player is already open on this team',
  noInvite: 'You have no pending invite from this team',
  captainOnly: 'Only the team captain can do this',
  noneAwaitingPayment: 'No transfer request of yours is waiting for payment on this team',
  teamMismatch: 'The team in the body must be the team in the path',
  nothingToCancel: 'This player has no open transfer request on this team',
  ownRequest: 'You cannot decide a transfer that involves you: another admin must',
} as const;

/** Discord announcements (issue 25): not worded by the spec. */
export const ANNOUNCEMENT_ERRORS = {
  webhookUrl: 'Please input a Discord webhook URL (https://discord.com/api/webhooks/…)',
  noWebhook: 'Set a Discord webhook first',
} as const;
