/**
 * Every user-facing message of the spec, word for word (including its typos: "Please enter the an entry fee",
 * "You team is already in this season"). Views and the server import from here so both say the same thing.
 */

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
  tournament: {
    title: 'Please enter a tournament title',
    subTitle: 'Please enter a tournament subtitle',
    description: 'Please enter a tournament description',
    entryFee: 'Please enter the an entry fee',
    startDate: 'Please enter a tournament start date',
    startTime: 'Please enter a tournament start time',
    endDate: 'Please enter a tournament end date',
    signUpClose: 'Please enter a tournament a date for sign ups to close',
    tournamentType: 'Please select a tournament type',
    switcherooType: 'Please select a switcheroo type',
    signUpLimit: 'Please select a sign up limit',
    teamLimit: 'Please select a sign up limit',
    rules: 'Please enter the tournament rules',
    rulesUrl: 'Please input a valid url',
    prizePoolInfo: 'Please enter prize pool info',
    host: 'Please enter a host',
    game: 'Please select a game',
    platforms: 'Please select a platform',
  },
  season: {
    name: 'Please enter a season name',
    startDate: 'Please enter a season start date',
    playoffWeeks: 'Please enter the amount of group stage weeks',
    entryFee: 'Please enter the an entry fee',
    prizePoolInfo: 'Please enter the prize pool info',
    seasonInfo: 'Please enter the season info',
  },
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
    message: `Season ${season} is now in the playoff stage`,
  }),
  groupStagesReset: (season: string) => ({
    title: 'Group Stages Reset',
    message: `Season ${season} has reverted back to CLOSED state`,
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
} as const;

export const CONFIRM = {
  deleteTournament:
    'Deleting this tournament also removes its Discord chat channels and roles. This cannot be undone.',
  deleteSeason: 'Deleting this season also removes its Discord chat channels and roles. This cannot be undone.',
  resetBracket: 'Resetting the bracket removes every played match and clears all scores. This is irreversible.',
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
